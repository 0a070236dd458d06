import { Injectable } from '@nestjs/common';
import { ADMINISTRATOR_ID, UserStatus } from '@cans/domain/identity/identity-rules';
import type { UserDocument } from '@cans/projections/identity/users.projection';
import { IdentityDirectory } from '../identity-directory';

type DelegateFacts = Pick<UserDocument, 'id' | 'supervisorId' | 'status'>;

/**
 * Assign Access: who may receive one's new assessments. Spec 002 §6: "A user can share or assign assessments to
 * sibling users" — the active users with the same supervisor, not oneself and not the administrator (issue 27: any
 * active user could be named, another agency's worker or a Monitor, and get view and edit). Someone without a
 * supervisor has no sibling users. This one function decides both the dialog's choices and the command.
 */
export function mayReceiveAccess(owner: DelegateFacts, candidate: DelegateFacts): boolean {
  return (
    owner.supervisorId !== null &&
    candidate.supervisorId === owner.supervisorId &&
    candidate.id !== owner.id &&
    candidate.id !== ADMINISTRATOR_ID &&
    candidate.status === UserStatus.Active
  );
}

/** mayReceiveAccess with the users read from the directory (delegate-options and AssignTemporaryAccessHandler). */
@Injectable()
export class AccessDelegates {
  constructor(private readonly directory: IdentityDirectory) {}

  /** The users the owner may choose, in no particular order. */
  async optionsFor(ownerId: string): Promise<UserDocument[]> {
    const owner = await this.directory.getUser(ownerId);
    if (!owner?.supervisorId) return [];
    const siblings = await this.directory.findUsers({ supervisorId: owner.supervisorId, status: UserStatus.Active }, 5000);
    return siblings.filter((candidate) => mayReceiveAccess(owner, candidate));
  }

  async mayReceive(ownerId: string, delegateId: string): Promise<boolean> {
    const [owner, delegate] = await Promise.all([this.directory.getUser(ownerId), this.directory.getUser(delegateId)]);
    return owner !== null && delegate !== null && mayReceiveAccess(owner, delegate);
  }
}
