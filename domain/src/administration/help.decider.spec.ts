import { deciderSpecification } from '../test-support/decider-specification';
import { helpDecider } from './help.decider';
import { HelpEvents } from './help.events';
import { normaliseHelpPath } from './help-paths';

describe('help', () => {
  it.each([
    ['/assessments/5d1c2a8e-0c51-4d7e-9a51-3f6f1f0a0001/edit', '/assessments/:id/edit'],
    ['/assessment/childinfo/edit/42/1', '/assessment/childinfo/edit/:id/:id'],
    ['/report/print/ab12cd34ef56?x=1#top', '/report/print/:id'],
    ['/Library/questionLibrary/', '/library/questionlibrary'],
    ['/setting/appVersion', '/setting/appversion'],
    ['/', '/'],
  ])('normalises %s to %s', (path, normalised) => {
    expect(normaliseHelpPath(path)).toBe(normalised);
  });

  it('records the content sanitised; an empty editor brings the built-in help back', () => {
    const spec = deciderSpecification(helpDecider);
    spec
      .given([])
      .when({ type: 'SaveHelp', path: '/home', content: '<p>Your <b>caseload</b></p><img src=x onerror=alert(1)>' })
      .then([{ type: HelpEvents.ContentSaved, data: { path: '/home', content: '<p>Your <b>caseload</b></p>' } }]);
    spec
      .given([])
      .when({ type: 'SaveHelp', path: '/home', content: '<p> </p>' })
      .then([{ type: HelpEvents.ContentSaved, data: { path: '/home', content: '' } }]);
  });
});
