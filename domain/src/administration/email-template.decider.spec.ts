import { DomainRuleViolation } from '../domain-errors';
import { deciderSpecification } from '../test-support/decider-specification';
import { emailTemplateDecider, EmailTemplateMessages } from './email-template.decider';
import { EmailTemplateEvents } from './email-template.events';

const spec = deciderSpecification(emailTemplateDecider);
const save = (subject: string, body: string) => ({
  type: 'SaveEmailTemplate' as const,
  templateName: 'CreateUser' as const,
  subject,
  body,
});

describe('email template decider', () => {
  it('records the subject trimmed and the body sanitised, placeholder links kept', () => {
    spec
      .given([])
      .when(
        save(
          '  Welcome, {{userName}} ',
          '<p onclick="x()">Hi {{userName}}<script>steal()</script></p><p><a href="{{link}}" target="_blank">Set it</a> <a href="javascript:alert(1)">bad</a></p>',
        ),
      )
      .then([
        {
          type: EmailTemplateEvents.EmailTemplateSaved,
          data: {
            templateName: 'CreateUser',
            subject: 'Welcome, {{userName}}',
            body: '<p>Hi {{userName}}</p><p><a href="{{link}}" rel="noopener noreferrer">Set it</a> <a>bad</a></p>',
          },
        },
      ]);
  });

  it('refuses an empty subject, a subject over the limit or on two lines, and a body that shows no text', () => {
    const fieldErrors = (subject: string, body: string) =>
      spec.given([]).when(save(subject, body)).thenThrows<DomainRuleViolation>(DomainRuleViolation).fieldErrors;
    expect(fieldErrors('  ', '<p><br></p> &nbsp;')).toEqual({
      subject: [EmailTemplateMessages.subject_required],
      body: [EmailTemplateMessages.body_required],
    });
    expect(fieldErrors('x'.repeat(201), '<p>ok</p>')).toEqual({ subject: [EmailTemplateMessages.subject_too_long] });
    expect(fieldErrors('one\ntwo', '<p>ok</p>')).toEqual({ subject: [EmailTemplateMessages.subject_one_line] });
    expect(fieldErrors('ok', '<script>only script</script>')).toEqual({ body: [EmailTemplateMessages.body_required] });
    expect(fieldErrors('ok', `<p>${'x'.repeat(20_001)}</p>`)).toEqual({ body: [EmailTemplateMessages.body_too_long] });
    expect(EmailTemplateMessages.subject_too_long).toBe('Subject can be at most 200 characters.');
  });

  it('keeps the last saved template as its state', () => {
    const saved = { templateName: 'CreateUser' as const, subject: 'New', body: '<p>New</p>' };
    const state = [{ type: EmailTemplateEvents.EmailTemplateSaved, data: saved }].reduce(
      emailTemplateDecider.evolve,
      emailTemplateDecider.initialState,
    );
    expect(state).toEqual({ saved: { subject: 'New', body: '<p>New</p>' } });
  });
});
