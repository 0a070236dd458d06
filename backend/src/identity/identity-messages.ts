import { IdentityMessageKey, IdentityMessages } from '@cans/domain/identity/identity-messages';

export { IdentityMessages } from '@cans/domain/identity/identity-messages';
export type { IdentityMessageKey } from '@cans/domain/identity/identity-messages';

/** `{ messageKey, message }` for an answer body. */
export const messageOf = (key: IdentityMessageKey) => ({ messageKey: key, message: IdentityMessages[key] });
