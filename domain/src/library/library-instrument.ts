/**
 * Turns a folded library state into the pure instrument model (instrument.types.ts) that the rule evaluator,
 * the visibility cascade, the integrity check, the questionnaire and the reports all work on. Nodes and rules
 * keep their database ids next to their stable codes.
 */
import { seedInstrument } from './instrument/seed-instrument';
import {
  AnswerDescriptions,
  Domain,
  Instrument,
  Item,
  Module,
  Question,
  QuestionRule,
  TextPassage,
  defaultActionableRatings,
} from './instrument/instrument.types';
import { LibraryItemRecord, LibraryState, QuestionRuleRecord, versionOf } from './library-state';

/** The instrument's identity (the library holds one instrument). */
export const LIBRARY_INSTRUMENT = { code: seedInstrument.code, name: seedInstrument.name } as const;

export type WithId<T> = T & { readonly id: string };

export type VersionQuestion = WithId<Question>;
export type VersionText = WithId<TextPassage>;
export type VersionItem = VersionQuestion | VersionText;
export interface VersionModule extends WithId<Omit<Module, 'items' | 'modules'>> {
  readonly items: readonly VersionItem[];
  readonly modules: readonly VersionModule[];
}
export interface VersionDomain extends WithId<Omit<Domain, 'items' | 'modules'>> {
  readonly items: readonly VersionItem[];
  readonly modules: readonly VersionModule[];
}
export interface VersionInstrument extends Omit<Instrument, 'domains'> {
  readonly domains: readonly VersionDomain[];
}

/** A rule by codes (what the evaluator reads) with the ids of the rule and of the items it names. */
export interface VersionRule extends WithId<QuestionRule> {
  readonly triggerIds: { readonly domainId: string; readonly moduleId: string | null; readonly questionId: string };
  readonly targetIds: { readonly moduleId: string | null; readonly questionId: string | null };
}

export interface LibraryInstrument {
  readonly version: number;
  readonly instrument: VersionInstrument;
  readonly rules: readonly VersionRule[];
}

const EMPTY_ANSWERS: AnswerDescriptions = { '0': '', '1': '', '2': '', '3': '', NA: '' };

function base(item: LibraryItemRecord) {
  return {
    id: item.id,
    code: item.code,
    name: item.name,
    ...(item.shortName === null ? {} : { shortName: item.shortName }),
    description: item.description,
    visible: item.visible,
    ...(item.ageMin === null ? {} : { ageMin: item.ageMin }),
    ...(item.ageMax === null ? {} : { ageMax: item.ageMax }),
    caregiverItem: item.caregiverItem,
    order: item.order,
  };
}

/**
 * Builds the instrument tree. A module is `triggeredOnly` exactly when a show-rule targets it as a whole: the
 * flag is derived from the rules, so deleting a module's last show-rule opens the module again instead of
 * leaving it closed for good (the evaluator gates every show-rule target anyway).
 */
export function toLibraryInstrument(state: LibraryState): LibraryInstrument {
  const children = new Map<string | null, LibraryItemRecord[]>();
  for (const item of state.items.values()) {
    const list = children.get(item.parentId) ?? [];
    list.push(item);
    children.set(item.parentId, list);
  }
  for (const list of children.values()) list.sort((a, b) => a.order - b.order);
  const kids = (id: string | null) => children.get(id) ?? [];

  const gatedModules = new Set<string>();
  for (const rule of state.rules.values()) {
    if (rule.action === 'show' && rule.target.questionId === null && rule.target.moduleId !== null) gatedModules.add(rule.target.moduleId);
  }

  const toItem = (item: LibraryItemRecord): VersionItem =>
    item.type === 'text'
      ? { ...base(item), kind: 'text', name: '' }
      : { ...base(item), kind: 'question', answers: item.answers ?? EMPTY_ANSWERS };
  const itemsOf = (id: string) =>
    kids(id)
      .filter((c) => c.type === 'question' || c.type === 'text')
      .map(toItem);
  const toModule = (item: LibraryItemRecord): VersionModule => ({
    ...base(item),
    kind: 'module',
    triggeredOnly: gatedModules.has(item.id),
    items: itemsOf(item.id),
    modules: kids(item.id)
      .filter((c) => c.type === 'module')
      .map(toModule),
  });
  const domains = kids(null)
    .filter((item) => item.type === 'domain')
    .map((item): VersionDomain => {
      const ratingMeaning = item.ratingMeaning ?? 'need';
      return {
        ...base(item),
        kind: 'domain',
        ratingMeaning,
        actionableRatings: item.actionableRatings ?? defaultActionableRatings(ratingMeaning),
        items: itemsOf(item.id),
        modules: kids(item.id)
          .filter((c) => c.type === 'module')
          .map(toModule),
      };
    });

  const codeOf = (id: string | null) => (id === null ? undefined : state.items.get(id)?.code);
  const rules = [...state.rules.values()].sort((a, b) => a.code.localeCompare(b.code)).map((rule) => toVersionRule(rule, codeOf));

  const version = versionOf(state);
  return {
    version,
    instrument: { code: LIBRARY_INSTRUMENT.code, name: LIBRARY_INSTRUMENT.name, version: String(version), domains },
    rules,
  };
}

function toVersionRule(rule: QuestionRuleRecord, codeOf: (id: string | null) => string | undefined): VersionRule {
  const triggerModule = codeOf(rule.trigger.moduleId);
  const targetModule = codeOf(rule.target.moduleId);
  const targetQuestion = codeOf(rule.target.questionId);
  return {
    id: rule.id,
    code: rule.code,
    name: rule.name,
    description: rule.description,
    trigger: {
      domainCode: codeOf(rule.trigger.domainId) ?? '',
      ...(triggerModule === undefined ? {} : { moduleCode: triggerModule }),
      questionCode: codeOf(rule.trigger.questionId) ?? '',
    },
    answers: rule.answers,
    action: rule.action,
    target: {
      ...(targetModule === undefined ? {} : { moduleCode: targetModule }),
      ...(targetQuestion === undefined ? {} : { questionCode: targetQuestion }),
    },
    triggerIds: rule.trigger,
    targetIds: rule.target,
  };
}

/** The plain instrument and rules (without ids), e.g. to compare with the seed. */
export function withoutIds(library: LibraryInstrument): { instrument: Instrument; rules: QuestionRule[] } {
  const strip = <T extends { id: string }>(node: T): Omit<T, 'id'> => {
    const { id: _id, ...rest } = node;
    return rest;
  };
  const stripItem = (item: VersionItem): Item => strip(item) as Item;
  const stripModule = (m: VersionModule): Module => ({ ...strip(m), items: m.items.map(stripItem), modules: m.modules.map(stripModule) });
  const domains = library.instrument.domains.map((d): Domain => ({
    ...strip(d),
    items: d.items.map(stripItem),
    modules: d.modules.map(stripModule),
  }));
  const rules = library.rules.map((r): QuestionRule => {
    const { id: _id, triggerIds: _t, targetIds: _g, ...rest } = r;
    return rest;
  });
  return { instrument: { ...library.instrument, domains }, rules };
}
