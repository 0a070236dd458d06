import type { CommandBus } from '@nestjs/cqrs';
import { DomainRuleViolation } from '@cans/domain/domain-errors';
import { AgencyCommandRequest } from '../../../administration/agencies/agency.commands';
import { systemActor } from '../../commands/actor';
import { seedLibrary } from '../../../library/library-seed';
import { seedAssessmentsDemoData } from './assessments-demo-data';
import { seedIdentityDemoData } from './identity-demo-data';

/**
 * Demo data, created through the real command handlers (never by writing read models), so every demo record
 * has the same events and audit trail a real one would. Deterministic ids make it idempotent: a second run
 * finds the streams already there and skips them.
 */
export const DEMO_AGENCIES = [
  { id: '5d1c2a8e-0c51-4d7e-9a51-3f6f1f0a0001', name: 'Northside Family Services', displayName: 'Northside' },
  { id: '5d1c2a8e-0c51-4d7e-9a51-3f6f1f0a0002', name: 'Riverbend Child Welfare Agency', displayName: 'Riverbend' },
  { id: '5d1c2a8e-0c51-4d7e-9a51-3f6f1f0a0003', name: 'Lakeshore Youth and Family Partners', displayName: 'Lakeshore' },
];

export interface SeedReport {
  created: number;
  skipped: number;
}

export async function seedDemoData(commands: CommandBus): Promise<SeedReport> {
  const actor = systemActor();
  const report: SeedReport = { created: 0, skipped: 0 };
  for (const agency of DEMO_AGENCIES) {
    try {
      await commands.execute(
        new AgencyCommandRequest(actor, { type: 'CreateAgency', agencyId: agency.id, name: agency.name, displayName: agency.displayName }),
      );
      report.created += 1;
    } catch (error) {
      // Seeded before: the agency exists (or a concurrent seed created it first).
      const exists = (error instanceof DomainRuleViolation && error.conflict) || (error as Error).name === 'WrongExpectedRevisionError';
      if (!exists) throw error;
      report.skipped += 1;
    }
  }
  // User groups, the administrator and one demo user per group (after the agencies they belong to).
  await seedIdentityDemoData(commands, report);
  // The question library: the seed instrument and its rules, item by item through the library commands.
  const library = await seedLibrary(commands, actor);
  report.created += library.created;
  report.skipped += library.skipped;
  // Demo assessments of the demo case workers in every state (after the users and the library they need).
  await seedAssessmentsDemoData(commands, report);
  return report;
}
