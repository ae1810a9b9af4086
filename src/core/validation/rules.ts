/**
 * Validation rules of §5, written once as valibot schemas and shared by the forms and the server.
 * Every message is an i18n KEY (`validation.*`), so each side translates it into its own locale.
 * Pure functions only: the server imports this file under Node.
 *
 * One module per subject, so a page downloads only the rules its forms use; the front end
 * imports those modules, the server and the tests may import everything from here.
 */
export { validate } from './validate';
export type { ValidationIssue, ValidationMessageKey, ValidationResult } from './validate';
export { PASSWORD_SYMBOLS, passwordChangeSchema, passwordChecklist, passwordSchema } from './password';
export type { PasswordCheck } from './password';
export { codeSchema, emailSchema, languageSchema, loginSchema, mobileSchema } from './account';
export { isAllowedNumericKey } from './numeric';
export { expirySchema, makeExpirySchema } from './expiry';
export { tokenDescriptionSchema, tokenNameSchema, tokenScopesSchema } from './tokens';
export { sshKeySchema, sshPublicKeySchema } from './ssh';
export { AVATAR_MAX_BYTES, avatarFileSchema, checkAvatarFile } from './avatar';
