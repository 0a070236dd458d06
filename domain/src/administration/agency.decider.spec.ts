import { deciderSpecification } from '../test-support/decider-specification';
import { DomainRuleViolation, NotFoundError } from '../domain-errors';
import { AGENCY_NOT_FOUND, agencyDecider } from './agency.decider';
import { AgencyEvent, AgencyEvents } from './agency.events';

const agencyId = '0b6f1d8e-8a55-4f51-9a57-2d2b8b1e6c11';
const created: AgencyEvent = {
  type: AgencyEvents.Created,
  data: { agencyId, name: 'Northside Family Services', displayName: 'Northside' },
};
const deleted: AgencyEvent = { type: AgencyEvents.Deleted, data: { agencyId } };
const spec = deciderSpecification(agencyDecider);
const unused = { users: 0, assessments: 0 };

describe('agency decider', () => {
  it('creates an agency with its names', () => {
    spec.given([]).when({ type: 'CreateAgency', agencyId, name: 'Northside Family Services', displayName: 'Northside' }).then([created]);
  });

  it('refuses a second create of the same agency (409)', () => {
    spec
      .given([created])
      .when({ type: 'CreateAgency', agencyId, name: 'Other', displayName: 'Other' })
      .thenThrows<DomainRuleViolation>(DomainRuleViolation, (error) => expect(error.conflict).toBe(true));
  });

  it('renames an existing agency', () => {
    spec
      .given([created])
      .when({ type: 'UpdateAgency', agencyId, name: 'North', displayName: 'N' })
      .thenEvents((events, state) => {
        expect(events).toEqual([{ type: AgencyEvents.Updated, data: { agencyId, name: 'North', displayName: 'N' } }]);
        expect(state).toMatchObject({ exists: true, deleted: false, name: 'North', displayName: 'N' });
      });
  });

  it('deletes an existing agency', () => {
    spec.given([created]).when({ type: 'DeleteAgency', agencyId, usedBy: unused }).then([deleted]);
  });

  it.each([
    [{ users: 1, assessments: 0 }, 'This agency cannot be deleted: 1 user belongs to it. Move it to another agency first.'],
    [{ users: 0, assessments: 12 }, 'This agency cannot be deleted: 12 assessments belong to it. Move them to another agency first.'],
    [
      { users: 3, assessments: 1 },
      'This agency cannot be deleted: 3 users and 1 assessment belong to it. Move them to another agency first.',
    ],
  ])('keeps an agency in use (%o), saying why (409)', (usedBy, message) => {
    spec
      .given([created])
      .when({ type: 'DeleteAgency', agencyId, usedBy })
      .thenThrows<DomainRuleViolation>(DomainRuleViolation, (error) => {
        expect(error.message).toBe(message);
        expect(error.conflict).toBe(true);
      });
  });

  it.each([
    ['an agency that never existed', []],
    ['a deleted agency', [created, deleted]],
  ])('refuses to change %s (404)', (_case, given: AgencyEvent[]) => {
    spec.given(given).when({ type: 'UpdateAgency', agencyId, name: 'x', displayName: 'x' }).thenThrows(NotFoundError, AGENCY_NOT_FOUND);
    spec.given(given).when({ type: 'DeleteAgency', agencyId, usedBy: unused }).thenThrows(NotFoundError, AGENCY_NOT_FOUND);
  });
});
