import { EmailTemplateEvents, emailTemplateStreamId } from '@cans/domain/administration/email-template.events';
import { DEFAULT_EMAIL_TEMPLATES } from '@cans/domain/administration/email-template-defaults';
import { describeProjection } from '../test-support/projection-specification';
import { EMAIL_TEMPLATES_COLLECTION, emailTemplatesProjection } from './email-templates.projection';
import { getEffectiveEmailTemplate } from './email-templates.queries';

const saved = (subject: string) => ({
  type: EmailTemplateEvents.EmailTemplateSaved,
  data: { templateName: 'ResetPassword' as const, subject, body: `<p>${subject}</p>` },
});

describeProjection(emailTemplatesProjection, (spec) => {
  it('keeps the last save of each template, and the built-in one for a template never saved', async () => {
    await spec.given(emailTemplateStreamId('ResetPassword'), [saved('First'), saved('Second')]);
    expect(await spec.document(EMAIL_TEMPLATES_COLLECTION, 'ResetPassword')).toEqual({
      id: 'ResetPassword',
      templateName: 'ResetPassword',
      subject: 'Second',
      body: '<p>Second</p>',
      revision: 1,
      updatedAt: expect.any(String),
    });
    expect(await getEffectiveEmailTemplate(spec.readStore, 'ResetPassword')).toMatchObject({
      subject: 'Second',
      customised: true,
      revision: 1,
    });
    expect(await getEffectiveEmailTemplate(spec.readStore, 'CreateUser')).toEqual({
      templateName: 'CreateUser',
      ...DEFAULT_EMAIL_TEMPLATES.CreateUser,
      customised: false,
      revision: null,
      updatedAt: null,
    });
    await spec.rebuild();
    expect(await spec.documents(EMAIL_TEMPLATES_COLLECTION)).toHaveLength(1);
  });
});
