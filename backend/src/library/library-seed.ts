import type { CommandBus } from '@nestjs/cqrs';
import { createHash } from 'node:crypto';
import { Domain, Instrument, Item, Module, QuestionRule } from '@cans/domain/library/instrument/instrument.types';
import { seedInstrument, seedRules } from '@cans/domain/library/instrument/seed-instrument';
import type { LibraryCommand } from '@cans/domain/library/library.decider';
import type { LibraryItemInput } from '@cans/domain/library/library-item.input';
import type { Actor } from '../platform/commands/actor';
import { LibraryCommandRequest } from './library-stream/library.commands';

/**
 * A deterministic UUID (version-4 layout) for a seed record, so seeding twice addresses the same records.
 * Not random: only for data whose identity is its stable code.
 */
export function deterministicUuid(namespace: string, code: string): string {
  const hex = createHash('sha256').update(`${namespace}:${code}`).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Deterministic id of a seeded library item: the same code always gets the same id. */
export const seedItemId = (code: string) => deterministicUuid('cans-library-item', code);
export const seedRuleId = (code: string) => deterministicUuid('cans-question-rule', code);

export interface LibrarySeedReport {
  created: number;
  skipped: number;
}

const ALREADY_THERE = new Set(['LibraryItemAlreadyExistsError', 'QuestionRuleAlreadyExistsError']);

/**
 * Loads the seed instrument (seedInstrument + seedRules) through the real library commands, one item at a time
 * in questionnaire order, so the seeded library has the same events and versions an administrator's would.
 *
 * Idempotent: ids are derived from the stable codes and an id is never added twice, so a second run skips
 * everything — including items an administrator deleted since (they are not brought back).
 */
export async function seedLibrary(
  commands: CommandBus,
  actor: Actor,
  instrument: Instrument = seedInstrument,
  rules: readonly QuestionRule[] = seedRules,
): Promise<LibrarySeedReport> {
  const report: LibrarySeedReport = { created: 0, skipped: 0 };
  const attempt = async (command: LibraryCommand) => {
    try {
      await commands.execute(new LibraryCommandRequest(actor, command));
      report.created += 1;
    } catch (error) {
      if (!ALREADY_THERE.has((error as Error).name)) throw error;
      report.skipped += 1;
    }
  };

  const common = (node: Domain | Module | Item) => ({
    code: node.code,
    name: node.name,
    shortName: node.shortName ?? null,
    description: node.description,
    visible: node.visible,
    ageMin: node.ageMin ?? null,
    ageMax: node.ageMax ?? null,
  });
  const addItems = async (items: readonly Item[], domainId: string, moduleId: string | null) => {
    for (const item of [...items].sort((a, b) => a.order - b.order)) {
      const input: LibraryItemInput = {
        type: item.kind,
        domainId,
        moduleId,
        ...common(item),
        ...(item.kind === 'question' ? { answers: { ...item.answers } } : {}),
      };
      await attempt({ type: 'AddLibraryItem', itemId: seedItemId(item.code), input });
    }
  };
  const addModules = async (modules: readonly Module[], domainId: string, parentModuleId: string | null) => {
    for (const module of [...modules].sort((a, b) => a.order - b.order)) {
      const moduleId = seedItemId(module.code);
      await attempt({
        type: 'AddLibraryItem',
        itemId: moduleId,
        input: { type: 'module', domainId, moduleId: parentModuleId, ...common(module) },
      });
      await addItems(module.items, domainId, moduleId);
      await addModules(module.modules, domainId, moduleId);
    }
  };

  for (const domain of [...instrument.domains].sort((a, b) => a.order - b.order)) {
    const domainId = seedItemId(domain.code);
    const input: LibraryItemInput = {
      type: 'domain',
      ...common(domain),
      caregiverItem: domain.caregiverItem,
      ratingMeaning: domain.ratingMeaning,
      actionableRatings: [...domain.actionableRatings],
    };
    await attempt({ type: 'AddLibraryItem', itemId: domainId, input });
    await addItems(domain.items, domainId, null);
    await addModules(domain.modules, domainId, null);
  }

  const idOf = (code: string | undefined) => (code === undefined ? null : seedItemId(code));
  for (const rule of rules) {
    const input = {
      code: rule.code,
      name: rule.name,
      description: rule.description,
      triggerDomainId: seedItemId(rule.trigger.domainCode),
      triggerModuleId: idOf(rule.trigger.moduleCode),
      triggerQuestionId: seedItemId(rule.trigger.questionCode),
      answers: [...rule.answers],
      action: rule.action,
      moduleId: idOf(rule.target.moduleCode),
      questionId: idOf(rule.target.questionCode),
    };
    await attempt({ type: 'AddQuestionRule', ruleId: seedRuleId(rule.code), input });
  }
  return report;
}
