import { expect } from '@open-wc/testing';
import { Button } from '../../../src/ui/Button';
import { expectNoAxeViolations } from '../fixtures/axe';
import { mount } from '../fixtures/harness';

describe('axe fixture', () => {
  it('passes a labelled button and catches an unlabelled one inside a shadow root', async () => {
    const ok = await mount(<Button variant="primary">Save</Button>);
    await expectNoAxeViolations(ok.root);
    ok.remove();
    const bad = await mount(
      <Button variant="primary" aria-label="">
        {''}
      </Button>,
    );
    let failed = false;
    try {
      await expectNoAxeViolations(bad.root);
    } catch (error) {
      failed = /button-name/.test(String(error));
    }
    bad.remove();
    expect(failed).to.equal(true);
  });
});
