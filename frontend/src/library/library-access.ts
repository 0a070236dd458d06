/**
 * resource -> action -> the privilege the UI requires before showing that resource's menu entry or button
 * (react-admin canAccess). The server is the authority; this only hides what the user cannot use.
 */
export const libraryAccess: Readonly<Record<string, Readonly<Partial<Record<string, string>>>>> = {
  'library/items': { list: 'Library_Manage', create: 'Library_Manage', edit: 'Library_Manage', delete: 'Library_Manage' },
  'question-rules': { list: 'Rule_Manage', create: 'Rule_Manage', edit: 'Rule_Manage', delete: 'Rule_Manage' },
};
