/**
 * The suite's application catalogue (§1): every app with its names and logo. The SVG logos
 * (./app-logos) are our own simple tiles drawn in `currentColor`, so they can be recoloured to the
 * brand colour.
 */
import { BRAND_COLOR, GLYPHS, svgDataUrl, tile } from './app-logos';

export type AppId =
  | 'workbench'
  | 'projex'
  | 'testhub'
  | 'alidocs'
  | 'insight'
  | 'codeup'
  | 'flow'
  | 'appstack'
  | 'packages'
  | 'org-member'
  | 'org-admin'
  | 'old-devops'
  | 'devstudio'
  | 'thoughts'
  | 'open'
  | 'docs'
  | 'yunxiao'
  | 'lingma';

export interface AppEntry {
  id: AppId;
  /** Id of the app in VPC deployments, when it differs. */
  vpcId?: string;
  /** English display name. */
  name: string;
  /** Chinese display name. */
  nameCN: string;
  /** Logo as SVG markup drawn in `currentColor`. */
  logoUrlSvg?: string;
  /** Raster logo served by the account host. */
  logoUrlCDN: string;
}

export { BRAND_COLOR } from './app-logos';

const NAMES: ReadonlyArray<[AppId, string, string, string?]> = [
  ['workbench', 'Workbench', '工作台'],
  ['projex', 'Projex', '项目协作', 'projex-vpc'],
  ['testhub', 'Testhub', '测试管理', 'testhub-vpc'],
  ['alidocs', 'Knowledge Base', '知识库'],
  ['insight', 'Insight', '效能洞察'],
  ['codeup', 'Codeup', '代码管理', 'codeup-vpc'],
  ['flow', 'Flow', '流水线', 'flow-vpc'],
  ['appstack', 'AppStack', '应用交付'],
  ['packages', 'Packages', '制品仓库', 'packages-vpc'],
  ['org-member', 'Members', '成员管理'],
  ['org-admin', 'Organization Admin', '企业管理'],
  ['old-devops', 'Classic DevOps', '旧版研发平台'],
  ['devstudio', 'DevStudio', '云端开发'],
  ['thoughts', 'Thoughts', '团队文档'],
  ['open', 'Open Platform', '开放平台'],
  ['docs', 'Help Docs', '帮助文档'],
  ['yunxiao', 'Yunxiao', '云效'],
  ['lingma', 'Lingma', '通义灵码'],
];

/** All 18 apps in catalogue order. */
export const APPS: readonly AppEntry[] = NAMES.map(([id, name, nameCN, vpcId]) => {
  const glyph = GLYPHS[id];
  return {
    id,
    name,
    nameCN,
    logoUrlCDN: `/users/static/apps/${id}.png`,
    ...(vpcId ? { vpcId } : {}),
    ...(glyph ? { logoUrlSvg: tile(glyph) } : {}),
  };
});

/** The app with this id (or VPC id), or undefined. */
export function getApp(id: string): AppEntry | undefined {
  return APPS.find((app) => app.id === id || app.vpcId === id);
}

/** The app's logo: its SVG recoloured to `brand` as a data URL, else its raster logo.
 * @param brand - @default '#006AD4' */
export function logoUrl(app: AppEntry, brand: string = BRAND_COLOR): string {
  return app.logoUrlSvg ? svgDataUrl(app.logoUrlSvg, brand) : app.logoUrlCDN;
}

/** The app's display name in a language. */
export function appName(app: AppEntry, locale: 'zh_CN' | 'en_US'): string {
  return locale === 'zh_CN' ? app.nameCN : app.name;
}
