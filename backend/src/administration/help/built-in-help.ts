/**
 * The help each main screen shows until someone with Customize_Manage writes their own (spec 002 §2 help panel),
 * by normalised path (help-paths.ts). A page without an entry shows GENERAL_HELP.
 */
export const GENERAL_HELP =
  '<p>This is the CANS application: case workers record CANS assessments of the children in their care, supervisors approve them, and analysts report on them.</p>' +
  '<p>Use the menu on the left to move between screens; it shows only what your role may use. For help with your account or your caseload, please contact your supervisor or your system administrator.</p>';

export const BUILT_IN_HELP: Readonly<Record<string, string>> = {
  '/login':
    '<p>Sign in with your username, email or phone number and your password. Unless this device is remembered, a 6-digit verification code is then sent to your email or phone: type it and Confirm.</p>' +
    '<p>Forgot your password? Use <b>Forgot Password</b> under the form: a link to set a new one is mailed to you.</p>',
  '/home':
    '<p>The home page counts the assessments you can see by status; each number opens the list filtered to it. The charts show assessments per month over the last 12 months (click a bar to list that month) and per assessment type.</p>' +
    '<p>If you supervise others, <b>My workers</b> shows each worker’s caseload, with reassessments due within 30 days and past due.</p>',
  '/assessment/list':
    '<p>Every assessment you may see: your own, those shared with you, and (for supervisors) those of the people you supervise. Filter by status, type, PID or dates; click a row to open it.</p>' +
    '<p>Statuses: <b>Incomplete</b> (being rated), <b>Pending Approval</b> (completed, waiting for the supervisor), <b>Returned</b> (sent back with a reason), <b>Approved</b>, <b>Closed</b>.</p>',
  '/assessment/overdues':
    '<p>Assessments that need attention: incomplete for too long, waiting for approval, and children whose next assessment is due soon or past due. The thresholds are the Assessment Reminder settings.</p>',
  '/assessment/childinfo/add':
    '<p>Start a new assessment: type the child’s PID first. When the child has an approved assessment, its child information and ratings are offered as the starting point. Fields marked * are required.</p>',
  '/assessment/childinfo/edit/:id':
    '<p>The child information of the assessment. Save keeps your changes; the questionnaire follows the child’s age at the date of assessment.</p>',
  '/assessment/startassessment/:id':
    '<p>Rate each question with one of the answers it offers (the answer descriptions explain each rating; 2 and 3 are actionable needs). Add a comment where it helps the reader. Your ratings are saved as you go.</p>' +
    '<p>When every shown question is rated, <b>Complete</b> sends the assessment to your supervisor for approval.</p>',
  '/assessment/summarycase/:id':
    '<p>The CANS Summary: the assessment’s actionable needs and useful strengths by domain, as the printed summary and its PDF show them.</p>',
  '/assessment/history/:id':
    '<p>Every change of the assessment in order: who made it, when, and each field before and after, grouped by session of work. Filter by user or kind of change, download the CSV or open the printable view. <b>View as it was</b> opens the assessment read-only as it stood after that change; <b>Compare with today</b> shows both side by side. Reads of the record are listed as “Viewed by”. “Who could see this assessment” answers for any past moment.</p>',
  '/library/questionlibrary':
    '<p>The question library: domains, modules and questions with their visibility, caregiver flag, order and age limits. Drag rows to reorder. Changes apply to assessments started afterwards; running assessments keep the library version they started with.</p>',
  '/library/questionrules':
    '<p>Question rules show or hide a module or a question when a trigger question gets one of the chosen answers.</p>',
  '/users':
    '<p>Users by group. Add a user with a group and a supervisor: an email with a link to set the password is sent. A user with supervisees can only be deleted once a new supervisor is chosen for them.</p>',
};
