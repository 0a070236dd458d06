import { DomainRuleViolation } from '@cans/domain/domain-errors';
import type { CommandBus } from '@nestjs/cqrs';
import { AssignPasswordCommand } from '../../../identity/authentication/password.commands';
import { ADMINISTRATOR_ACCOUNT } from '../../../identity/bootstrap/identity-bootstrap';
import { ADMINISTRATOR_ID, SYSTEM_ADMINISTRATOR_GROUP_ID, STATE_ADMINISTRATOR_GROUP_ID } from '@cans/domain/identity/identity-rules';
import {
  BUILT_IN_GROUPS,
  DIRECT_CARE_WORKER_GROUP_ID,
  MONITOR_GROUP_ID,
  SUPERVISOR_ADMIN_GROUP_ID,
  SUPERVISOR_GROUP_ID,
} from '../../../identity/user-groups/built-in-groups';
import { CreateUserGroupCommand } from '../../../identity/user-groups/user-group.commands';
import { CreateUserCommand, UserInput } from '../../../identity/users/user.commands';
import { systemActor } from '../../commands/actor';

/** Every demo account signs in with this password (it satisfies the password policy). */
export const DEMO_PASSWORD = 'Demo!2345';

const NORTHSIDE_AGENCY_ID = '5d1c2a8e-0c51-4d7e-9a51-3f6f1f0a0001';

interface DemoUser extends Omit<UserInput, 'phone' | 'agencyId' | 'expirationDate'> {
  id: string;
  group: string;
  phone?: string;
  agencyId?: string;
}

/** One account per named group, with a supervisor chain: a supervisor and two case workers in one agency. */
const DEMO_USERS: DemoUser[] = [
  {
    id: '7c0e5a10-4b1d-4e8a-9f00-000000000101',
    firstName: 'Sam',
    lastName: 'Stateman',
    username: 'state.admin',
    email: 'state.admin@example.org',
    phone: '555-010-0101',
    userGroupId: STATE_ADMINISTRATOR_GROUP_ID,
    supervisorId: ADMINISTRATOR_ID,
    externalId: 'DEMO-101',
    group: 'State Administrator',
  },
  {
    id: '7c0e5a10-4b1d-4e8a-9f00-000000000102',
    firstName: 'Morgan',
    lastName: 'Lead',
    username: 'supervisor.admin',
    email: 'supervisor.admin@example.org',
    phone: '555-010-0102',
    userGroupId: SUPERVISOR_ADMIN_GROUP_ID,
    supervisorId: '7c0e5a10-4b1d-4e8a-9f00-000000000101',
    agencyId: NORTHSIDE_AGENCY_ID,
    externalId: 'DEMO-102',
    group: 'Supervisor Admin',
  },
  {
    id: '7c0e5a10-4b1d-4e8a-9f00-000000000103',
    firstName: 'Sofia',
    lastName: 'Martinez',
    username: 'supervisor',
    email: 'supervisor@example.org',
    phone: '555-010-0103',
    userGroupId: SUPERVISOR_GROUP_ID,
    supervisorId: '7c0e5a10-4b1d-4e8a-9f00-000000000102',
    agencyId: NORTHSIDE_AGENCY_ID,
    externalId: 'DEMO-103',
    group: 'Supervisor',
  },
  {
    id: '7c0e5a10-4b1d-4e8a-9f00-000000000104',
    firstName: 'Jamie',
    lastName: 'Carter',
    username: 'worker1',
    email: 'worker1@example.org',
    phone: '555-010-0104',
    userGroupId: DIRECT_CARE_WORKER_GROUP_ID,
    supervisorId: '7c0e5a10-4b1d-4e8a-9f00-000000000103',
    agencyId: NORTHSIDE_AGENCY_ID,
    externalId: 'DEMO-104',
    group: 'Direct Care Worker',
  },
  {
    id: '7c0e5a10-4b1d-4e8a-9f00-000000000105',
    firstName: 'Riley',
    lastName: 'Brooks',
    username: 'worker2',
    email: 'worker2@example.org',
    phone: '555-010-0105',
    userGroupId: DIRECT_CARE_WORKER_GROUP_ID,
    supervisorId: '7c0e5a10-4b1d-4e8a-9f00-000000000103',
    agencyId: NORTHSIDE_AGENCY_ID,
    externalId: 'DEMO-105',
    group: 'Direct Care Worker',
  },
  {
    id: '7c0e5a10-4b1d-4e8a-9f00-000000000106',
    firstName: 'Alex',
    lastName: 'Kim',
    username: 'analyst',
    email: 'analyst@example.org',
    phone: '555-010-0106',
    userGroupId: MONITOR_GROUP_ID,
    supervisorId: '7c0e5a10-4b1d-4e8a-9f00-000000000101',
    externalId: 'DEMO-106',
    group: 'Monitor',
  },
];

export const DEMO_USER_IDS = Object.fromEntries(DEMO_USERS.map((u) => [u.username, u.id])) as Record<string, string>;

/** The demo sign-ins `npm start` prints: username (the 'eo_' prefix is optional at sign-in), password, who. */
export const DEMO_LOGINS: ReadonlyArray<{ username: string; password: string; name: string; group: string }> = [
  { username: ADMINISTRATOR_ACCOUNT.username, password: DEMO_PASSWORD, name: 'System Administrator', group: 'System Administrator' },
  ...DEMO_USERS.map((u) => ({ username: u.username, password: DEMO_PASSWORD, name: `${u.firstName} ${u.lastName}`, group: u.group })),
];

// Seeded before: the decider refuses a second create with a conflict (or a concurrent seed won the append).
const alreadyThere = (error: unknown) =>
  (error instanceof DomainRuleViolation && error.conflict) || (error as Error).name === 'WrongExpectedRevisionError';

/**
 * The named user groups, the administrator (user 1) and one demo user per group, through the real commands.
 * Idempotent: existing streams are skipped. Passwords are set (PasswordAssigned) only for accounts created now.
 */
export async function seedIdentityDemoData(commands: CommandBus, report: { created: number; skipped: number }): Promise<void> {
  const actor = systemActor();
  for (const { id, ...fields } of BUILT_IN_GROUPS) {
    try {
      await commands.execute(new CreateUserGroupCommand(actor, fields, id));
      report.created += 1;
    } catch (error) {
      if (!alreadyThere(error)) throw error;
      report.skipped += 1;
    }
  }
  const accounts: Array<{ id: string; input: UserInput; keepUsernameAsTyped: boolean }> = [
    {
      id: ADMINISTRATOR_ID,
      keepUsernameAsTyped: true,
      input: {
        ...ADMINISTRATOR_ACCOUNT,
        email: 'admin@example.org',
        phone: '555-010-0100',
        userGroupId: SYSTEM_ADMINISTRATOR_GROUP_ID,
        supervisorId: null,
        agencyId: null,
        expirationDate: null,
      },
    },
    ...DEMO_USERS.map(({ id, group: _group, phone, agencyId, ...input }) => ({
      id,
      keepUsernameAsTyped: false,
      input: { ...input, phone: phone ?? null, agencyId: agencyId ?? null, expirationDate: null },
    })),
  ];
  for (const account of accounts) {
    try {
      await commands.execute(
        new CreateUserCommand(actor, account.input, true, {
          userId: account.id,
          keepUsernameAsTyped: account.keepUsernameAsTyped,
          sendInitialPasswordLink: false,
        }),
      );
    } catch (error) {
      if (!alreadyThere(error)) throw error;
      report.skipped += 1;
      continue;
    }
    await commands.execute(new AssignPasswordCommand(actor, account.id, DEMO_PASSWORD));
    report.created += 1;
  }
}
