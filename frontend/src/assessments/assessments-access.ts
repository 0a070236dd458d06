/**
 * resource -> action -> the privilege the UI requires before showing that resource's menu entry or button
 * (react-admin canAccess). The server is the authority; this only hides what the user cannot use.
 */
export const assessmentsAccess: Readonly<Record<string, Readonly<Partial<Record<string, string>>>>> = {
  assessments: {
    list: 'Assessment_View',
    create: 'Assessment_New',
  },
};
