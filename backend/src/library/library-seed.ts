import type { CommandBus } from '@nestjs/cqrs';
import type { Actor } from '../platform/commands/actor';
import { Domain, Instrument, Item, Module, QuestionRule } from './instrument/instrument.types';
import { seedInstrument, seedRules } from './instrument/seed-instrument';
import { AddLibraryItemCommand } from './library-items/library-item.commands';
import type { LibraryItemInput } from './library-items/library-item.decisions';
import { deterministicUuid } from './library-stream/stable-codes';
import { AddQuestionRuleCommand } from './question-rules/question-rule.commands';

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
  const attempt = async (command: AddLibraryItemCommand | AddQuestionRuleCommand) => {
    try {
      await commands.execute(command);
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
      await attempt(new AddLibraryItemCommand(actor, input, seedItemId(item.code)));
    }
  };
  const addModules = async (modules: readonly Module[], domainId: string, parentModuleId: string | null) => {
    for (const module of [...modules].sort((a, b) => a.order - b.order)) {
      const moduleId = seedItemId(module.code);
      await attempt(new AddLibraryItemCommand(actor, { type: 'module', domainId, moduleId: parentModuleId, ...common(module) }, moduleId));
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
    await attempt(new AddLibraryItemCommand(actor, input, domainId));
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
    await attempt(new AddQuestionRuleCommand(actor, input, seedRuleId(rule.code)));
  }
  return report;
}
