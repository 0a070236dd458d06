import { useTranslate } from 'react-admin';
import { deleteLibraryItem, reorderLibraryItems, setLibraryItemVisible, updateLibraryItem } from '../library-api';
import type { LibraryItem } from '../library-types';
import { useLibraryCommand } from './useLibraryCommand';

/** The commands the tree table runs in place: visibility, caregiver's item, order and delete. */
export function useLibraryItemActions() {
  const translate = useTranslate();
  const typeName = (item: LibraryItem) => translate(`cans.library.types.${item.type}`);
  const visibility = useLibraryCommand(setLibraryItemVisible);
  const caregiverItem = useLibraryCommand(updateLibraryItem, () =>
    translate('cans.library.saved', { type: translate('cans.library.types.domain') }),
  );
  const reorder = useLibraryCommand(reorderLibraryItems);
  const removal = useLibraryCommand(
    (send, item: LibraryItem) => deleteLibraryItem(send, item.id),
    (item) => translate('cans.library.deleted', { type: typeName(item) }),
  );
  return {
    busy: visibility.isPending || caregiverItem.isPending || reorder.isPending || removal.isPending,
    setVisible: (node: LibraryItem, visible: boolean) => visibility.mutate({ id: node.id, visible }),
    /** Only domains carry the switch; the whole item is saved with the new value (the API replaces an item). */
    setCaregiverItem: (node: LibraryItem, caregiver: boolean) =>
      caregiverItem.mutate({
        id: node.id,
        input: {
          type: node.type,
          name: node.name,
          shortName: node.shortName,
          description: node.description,
          visible: node.visible,
          ageMin: node.ageMin,
          ageMax: node.ageMax,
          caregiverItem: caregiver,
          revision: node.revision,
        },
      }),
    reorder: (changed: { id: string; order: number }[]) => reorder.mutate(changed),
    remove: (item: LibraryItem) => removal.mutate(item),
  };
}
