import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import type { Actor } from '../../platform/commands/actor';
import { LibraryChangeResult, LibraryStateService } from '../library-stream/library-state.service';
import {
  decideAddItem,
  decideDeleteItem,
  decideEditItem,
  decideReorder,
  decideVisibility,
  LibraryItemInput,
} from './library-item.decisions';

export class AddLibraryItemCommand {
  constructor(readonly actor: Actor, readonly input: LibraryItemInput, readonly itemId: string = randomUUID()) {}
}

export class EditLibraryItemCommand {
  constructor(
    readonly actor: Actor,
    readonly itemId: string,
    readonly input: LibraryItemInput,
    /** The item revision the user edited; undefined = whatever is current. A stale one answers 409. */
    readonly expectedRevision?: number,
  ) {}
}

export class DeleteLibraryItemCommand {
  constructor(readonly actor: Actor, readonly itemId: string) {}
}

export class ChangeLibraryItemVisibilityCommand {
  constructor(readonly actor: Actor, readonly itemId: string, readonly visible: boolean, readonly expectedRevision?: number) {}
}

export class ReorderLibraryItemsCommand {
  constructor(readonly actor: Actor, readonly orders: Array<{ id: string; order: number }>) {}
}

@CommandHandler(AddLibraryItemCommand)
export class AddLibraryItemHandler implements ICommandHandler<AddLibraryItemCommand, LibraryChangeResult> {
  constructor(private readonly library: LibraryStateService) {}

  execute({ actor, input, itemId }: AddLibraryItemCommand) {
    return this.library.change(actor, (state) => decideAddItem(state, input, itemId));
  }
}

@CommandHandler(EditLibraryItemCommand)
export class EditLibraryItemHandler implements ICommandHandler<EditLibraryItemCommand, LibraryChangeResult> {
  constructor(private readonly library: LibraryStateService) {}

  execute({ actor, itemId, input, expectedRevision }: EditLibraryItemCommand) {
    return this.library.change(actor, (state) => decideEditItem(state, itemId, input, expectedRevision));
  }
}

@CommandHandler(DeleteLibraryItemCommand)
export class DeleteLibraryItemHandler implements ICommandHandler<DeleteLibraryItemCommand, LibraryChangeResult> {
  constructor(private readonly library: LibraryStateService) {}

  execute({ actor, itemId }: DeleteLibraryItemCommand) {
    return this.library.change(actor, (state) => decideDeleteItem(state, itemId));
  }
}

@CommandHandler(ChangeLibraryItemVisibilityCommand)
export class ChangeLibraryItemVisibilityHandler implements ICommandHandler<ChangeLibraryItemVisibilityCommand, LibraryChangeResult> {
  constructor(private readonly library: LibraryStateService) {}

  execute({ actor, itemId, visible, expectedRevision }: ChangeLibraryItemVisibilityCommand) {
    return this.library.change(actor, (state) => decideVisibility(state, itemId, visible, expectedRevision));
  }
}

@CommandHandler(ReorderLibraryItemsCommand)
export class ReorderLibraryItemsHandler implements ICommandHandler<ReorderLibraryItemsCommand, LibraryChangeResult> {
  constructor(private readonly library: LibraryStateService) {}

  execute({ actor, orders }: ReorderLibraryItemsCommand) {
    return this.library.change(actor, (state) => decideReorder(state, orders));
  }
}

export const libraryItemCommandHandlers = [
  AddLibraryItemHandler,
  EditLibraryItemHandler,
  DeleteLibraryItemHandler,
  ChangeLibraryItemVisibilityHandler,
  ReorderLibraryItemsHandler,
];
