import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ACCESS_ASSIGNMENTS_COLLECTION, AccessAssignmentDocument } from '../../../../projections/src/identity/access-assignments.projection';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import type { ReadStore } from '../../storage/read-store/read-store.port';
import { IdentityDirectory } from '../identity-directory';
import { ADMINISTRATOR_ID, UserStatus } from '../identity-rules';
import type { AccessAssignmentView, DelegateOption } from './account.dto';

export class ListOwnAccessAssignmentsQuery {
  constructor(readonly ownerId: string) {}
}

export class DelegateOptionsQuery {
  constructor(readonly userId: string, readonly agencyId: string | null) {}
}

@QueryHandler(ListOwnAccessAssignmentsQuery)
export class ListOwnAccessAssignmentsHandler implements IQueryHandler<ListOwnAccessAssignmentsQuery, AccessAssignmentView[]> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore, private readonly directory: IdentityDirectory) {}

  async execute({ ownerId }: ListOwnAccessAssignmentsQuery): Promise<AccessAssignmentView[]> {
    const docs = await this.readStore.find<AccessAssignmentDocument>(ACCESS_ASSIGNMENTS_COLLECTION, { ownerId }, { sort: [{ field: 'startsOn', direction: 'desc' }], limit: 500 });
    const names = new Map((await this.directory.getUsers(docs.map((d) => d.delegateId))).map((u) => [u.id, u.fullName]));
    return docs.map((d) => ({ id: d.id, ownerId: d.ownerId, delegateId: d.delegateId, delegateName: names.get(d.delegateId) ?? null, startsOn: d.startsOn, endsOn: d.endsOn, createdAt: d.createdAt }));
  }
}

/**
 * Who can receive one's new assessments: active users of one's agency (everyone active without one), not oneself
 * or the administrator. Any case worker may ask, so it answers id and name only: other users' email, login,
 * external id, sign-in and lock state are not theirs to see.
 */
@QueryHandler(DelegateOptionsQuery)
export class DelegateOptionsHandler implements IQueryHandler<DelegateOptionsQuery, DelegateOption[]> {
  constructor(private readonly directory: IdentityDirectory) {}

  async execute({ userId, agencyId }: DelegateOptionsQuery): Promise<DelegateOption[]> {
    const docs = await this.directory.findUsers({ status: UserStatus.Active, ...(agencyId ? { agencyId } : {}), id: { $nin: [userId, ADMINISTRATOR_ID] } }, 2000);
    return docs.map((d) => ({ id: d.id, fullName: d.fullName })).sort((a, b) => a.fullName.localeCompare(b.fullName) || a.id.localeCompare(b.id));
  }
}
