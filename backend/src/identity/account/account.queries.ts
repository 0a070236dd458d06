import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { listAssignmentsByOwner } from '@cans/projections/identity/access-assignments.queries';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { getUsers } from '@cans/projections/identity/users.queries';
import type { AccessAssignmentView, DelegateOption } from './account.dto';
import { AccessDelegates } from './access-delegates';

export class ListOwnAccessAssignmentsQuery {
  constructor(readonly ownerId: string) {}
}

export class DelegateOptionsQuery {
  constructor(readonly ownerId: string) {}
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
 * Who can receive one's new assessments: one's sibling users (AccessDelegates, which the command checks too). Any
 * case worker may ask, so it answers id and name only: other users' email, login, external id, sign-in and lock
 * state are not theirs to see.
 */
@QueryHandler(DelegateOptionsQuery)
export class DelegateOptionsHandler implements IQueryHandler<DelegateOptionsQuery, DelegateOption[]> {
  constructor(private readonly delegates: AccessDelegates) {}

  async execute({ ownerId }: DelegateOptionsQuery): Promise<DelegateOption[]> {
    const docs = await this.delegates.optionsFor(ownerId);
    return docs
      .map((d) => ({ id: d.id, fullName: d.fullName }))
      .sort((a, b) => a.fullName.localeCompare(b.fullName) || a.id.localeCompare(b.id));
  }
}
