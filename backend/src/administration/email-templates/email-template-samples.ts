/**
 * Made-up values the preview renders a template with: one per documented placeholder, recognisable as samples
 * (no real person, child or code). `appUrl` comes from the mailer.
 */
export function sampleValues(publicUrl: string): Record<string, string> {
  return {
    userName: 'Jane Sample',
    username: 'jsample',
    assessorName: 'Alex Assessor',
    previousOwnerName: 'Pat Previous',
    reassignedBy: 'Sam Supervisor',
    pid: 'PID-000123',
    assessmentLink: `${publicUrl}/assessment/childinfo/edit/00000000-0000-4000-8000-000000000000`,
    dateOfAssessment: '01/15/2025',
    dueDate: '02/14/2025',
    days: '30',
    status: 'In Progress',
    code: '123456',
    minutes: '10',
    link: `${publicUrl}/initialPassword/0/jsample/jane.sample%40example.org/sample-link`,
    hours: '24',
  };
}
