import { Injectable } from '@nestjs/common';
import type { RecordedEvent } from '@cans/storage/event-store/event-store.port';
import type { LibraryNode, Module } from '@cans/domain/library/instrument/instrument.types';
import { optionItemName } from '@cans/domain/administration/option-lists.decider';
import {
  AssessmentEvents,
  AssessmentLibraryVersionRecordedData,
  ChildField,
  DEFAULT_CHILD_FIELD_LABELS,
  LibraryVersionRef,
  childFieldLabel,
} from '@cans/domain/assessments';
import { HistoryVocabulary, defaultChildFieldLabel, mentionedUserIds } from '@cans/domain/assessments/history';
import { IdentityDirectory } from '../../identity/identity-directory';
import { ChildFormSettingsService } from '../../administration/child-form/child-form-settings.service';
import { AssessmentLibrary, AssessmentLibraryService } from '../library/assessment-library.service';

/** A user as the history shows them: display name and user group (as they are now). */
export interface HistoryPerson {
  readonly name: string;
  readonly groupName: string | null;
}

export interface LoadedVocabulary {
  readonly vocabulary: HistoryVocabulary;
  person(userId: string | null): HistoryPerson;
}

/** What a system action (no acting user: seeding, migrations, scheduled jobs) reads as. */
export const SYSTEM_USER_NAME = 'System';

const versionKey = (ref: LibraryVersionRef) => `${ref.instrumentCode}@${ref.version}`;

/** Item code → name of one library version; versions are immutable and cached by the library service, so are these. */
const itemNamesByLibrary = new WeakMap<AssessmentLibrary['instrument'], ReadonlyMap<string, string>>();

function itemNamesOf(library: AssessmentLibrary): ReadonlyMap<string, string> {
  const known = itemNamesByLibrary.get(library.instrument);
  if (known) return known;
  const names = new Map<string, string>();
  const visit = (node: LibraryNode | Module) => {
    if (node.name) names.set(node.code, node.name);
    if (node.kind === 'domain' || node.kind === 'module') {
      node.items.forEach(visit);
      node.modules.forEach(visit);
    }
  };
  library.instrument.domains.forEach(visit);
  itemNamesByLibrary.set(library.instrument, names);
  return names;
}

/** The library versions a stream records (usually one). */
function libraryRefsOf(events: readonly RecordedEvent[]): LibraryVersionRef[] {
  const refs = new Map<string, LibraryVersionRef>();
  for (const event of events) {
    if (event.type !== AssessmentEvents.LibraryVersionRecorded) continue;
    const { instrumentCode, version } = event.data as AssessmentLibraryVersionRecordedData;
    refs.set(versionKey({ instrumentCode, version }), { instrumentCode, version });
  }
  return [...refs.values()];
}

/**
 * Loads, in a few parallel reads, every name an assessment's history or diff shows — users and their groups, items
 * of the library versions the stream records, the configured child labels and option lists — so describing 500
 * events is pure work with no await per event.
 */
@Injectable()
export class HistoryVocabularyService {
  constructor(
    private readonly directory: IdentityDirectory,
    private readonly libraries: AssessmentLibraryService,
    private readonly childForm: ChildFormSettingsService,
  ) {}

  async load(events: readonly RecordedEvent[], moreUserIds: readonly (string | null)[] = []): Promise<LoadedVocabulary> {
    const userIds = [...new Set([...mentionedUserIds(events), ...moreUserIds])].filter(
      (id): id is string => typeof id === 'string' && id !== '',
    );
    const [people, libraries, settings] = await Promise.all([
      this.people(userIds),
      Promise.all(libraryRefsOf(events).map(async (ref) => [versionKey(ref), itemNamesOf(await this.libraries.at(ref))] as const)),
      this.childForm.current(),
    ]);
    const itemNames = new Map(libraries);
    const anyVersion = libraries.length === 1 ? libraries[0][1] : undefined;
    const person = (userId: string | null): HistoryPerson =>
      userId === null ? { name: SYSTEM_USER_NAME, groupName: null } : (people.get(userId) ?? { name: userId, groupName: null });
    const vocabulary: HistoryVocabulary = {
      userName: (userId) => person(userId).name,
      itemName: (questionCode, ref) => (ref ? itemNames.get(versionKey(ref)) : anyVersion)?.get(questionCode) ?? questionCode,
      childFieldLabel: (field) =>
        field in DEFAULT_CHILD_FIELD_LABELS ? childFieldLabel(field as ChildField, settings.labels) : defaultChildFieldLabel(field),
      optionName: (list, id) => optionItemName(list === 'assessmentType' ? settings.assessmentTypes : settings.lookedAfterStatuses, id),
    };
    return { vocabulary, person };
  }

  private async people(userIds: string[]): Promise<Map<string, HistoryPerson>> {
    if (userIds.length === 0) return new Map();
    const users = await this.directory.getUsers(userIds);
    const groups = await this.directory.getGroups([...new Set(users.map((u) => u.userGroupId).filter(Boolean))]);
    const groupNames = new Map(groups.map((g) => [g.id, g.name]));
    return new Map(users.map((u) => [u.id, { name: u.fullName, groupName: groupNames.get(u.userGroupId) ?? null }]));
  }
}
