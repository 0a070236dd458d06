import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { listAssignmentsByOwner } from '@cans/projections/identity/access-assignments.queries';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { findUsers, getUsers } from '@cans/projections/identity/users.queries';
import { ADMINISTRATOR_ID, UserStatus } from '@cans/domain/identity/identity-rules';
import type { AccessAssignmentView, DelegateOption } from './account.dto';

export class ListOwnAccessAssignmentsQuery {
  constructor(readonly ownerId: string) {}
}

export class DelegateOptionsQuery {
  constructor(
    readonly userId: string,
    readonly agencyId: string | null,
  ) {}
}

@QueryHandler(ListOwnAccessAssignmentsQuery)
export class ListOwnAccessAssignmentsHandler implements IQueryHandler<ListOwnAccessAssignmentsQuery, AccessAssignmentView[]> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ ownerId }: ListOwnAccessAssignmentsQuery): Promise<AccessAssignmentView[]> {
    const docs = await listAssignmentsByOwner(this.readStore, ownerId);
    const names = new Map(
      (
        await getUsers(
          this.readStore,
          docs.map((d) => d.delegateId),
        )
      ).map((u) => [u.id, u.fullName]),
    );
    return docs.map((d) => ({
      id: d.id,
      ownerId: d.ownerId,
      delegateId: d.delegateId,
      delegateName: names.get(d.delegateId) ?? null,
      startsOn: d.startsOn,
      endsOn: d.endsOn,
      createdAt: d.createdAt,
    }));
  }
}

/**
 * Who can receive one's new assessments: active users of one's agency (everyone active without one), not oneself
 * or the administrator. Any case worker may ask, so it answers id and name only: other users' email, login,
 * external id, sign-in and lock state are not theirs to see.
 */
@QueryHandler(DelegateOptionsQuery)
export class DelegateOptionsHandler implements IQueryHandler<DelegateOptionsQuery, DelegateOption[]> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ userId, agencyId }: DelegateOptionsQuery): Promise<DelegateOption[]> {
    const docs = await findUsers(
      this.readStore,
      { status: UserStatus.Active, ...(agencyId ? { agencyId } : {}), id: { $nin: [userId, ADMINISTRATOR_ID] } },
      2000,
    );
    return docs
      .map((d) => ({ id: d.id, fullName: d.fullName }))
      .sort((a, b) => a.fullName.localeCompare(b.fullName) || a.id.localeCompare(b.id));
  }
}
