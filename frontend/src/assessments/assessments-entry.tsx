/*
 * The assessments feature's entry into the app shell: its resources and routes (registered by App.tsx) and its
 * menu entries (rendered by the layout's menu). Only this feature edits this file.
 */
import { CustomRoutes, Menu, Resource } from 'react-admin';
import { Navigate, Route, useLocation, useParams } from 'react-router-dom';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import NoteAddOutlined from '@mui/icons-material/NoteAddOutlined';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import { usePrivilege } from '../providers/usePrivilege';
import { AssessmentList, OverdueAssessmentList } from './AssessmentList';
import { AssessmentPage } from './AssessmentPage';
import { PrintPage, SummaryPage } from './SummaryPage';
import { assessmentPaths } from './assessment-paths';
import { HistoryPage } from './history/HistoryPage';
import { AsOfPage } from './history/AsOfPage';
import { ComparePage } from './history/ComparePage';
import { HistoryPrintPage } from './history/HistoryPrintPage';
import { RedirectPage } from '../pages/RoutingPages';

/** /assessment keeps its preset params (date, status, lud) on the way to the list (spec §2). */
const ToList = () => {
  const { search } = useLocation();
  return <Navigate to={`${assessmentPaths.list}${search}`} replace />;
};

const StartAssessment = () => {
  const { id = '' } = useParams();
  return <Navigate to={assessmentPaths.edit(id)} replace />;
};

/** <Resource> and <CustomRoutes> elements of this feature (react-admin reads them through the fragment). */
export const assessmentsResources = (
  <>
    {/* The resource's own path (/assessments) leads to the spec's list route. */}
    <Resource name="assessments" options={{ label: 'Assessments' }} list={ToList} />
    <CustomRoutes>
      <Route path="/assessment" element={<ToList />} />
      <Route path="/assessment/list" element={<AssessmentList />} />
      <Route path="/assessment/overdues" element={<OverdueAssessmentList />} />
      <Route path="/assessment/childinfo/add" element={<AssessmentPage mode="add" />} />
      <Route path="/assessment/childinfo/edit/:id" element={<AssessmentPage mode="edit" />} />
      <Route path="/assessment/childinfo/edit/:id/:onlyView" element={<AssessmentPage mode="edit" />} />
      <Route path="/assessment/childinfo/view/:id" element={<AssessmentPage mode="view" />} />
      <Route path="/assessment/approvechildinfo/edit/:id" element={<AssessmentPage mode="approved" />} />
      <Route path="/assessment/startAssessment/:id" element={<StartAssessment />} />
      <Route path="/assessment/redirect" element={<RedirectPage />} />
      <Route path="/assessment/history/:id" element={<HistoryPage />} />
      <Route path="/assessment/history/:id/as-of" element={<AsOfPage />} />
      <Route path="/assessment/history/:id/compare" element={<ComparePage />} />
    </CustomRoutes>
    <CustomRoutes noLayout>
      <Route path="/assessment/summarycase/:id" element={<SummaryPage />} />
      <Route path="/assessment/print/:id" element={<PrintPage />} />
      <Route path="/assessment/history/:id/print" element={<HistoryPrintPage />} />
    </CustomRoutes>
  </>
);

/** Menu entries of this feature, each shown only when the signed-in user may use it. */
export const AssessmentMenuItems = () => {
  const canView = usePrivilege('Assessment_View');
  const canAdd = usePrivilege('Assessment_New');
  return (
    <>
      {canView && <Menu.Item to={assessmentPaths.list} primaryText="Assessments" leftIcon={<AssignmentOutlined />} />}
      {canAdd && <Menu.Item to={assessmentPaths.add} primaryText="New Assessment" leftIcon={<NoteAddOutlined />} />}
      {canView && <Menu.Item to={assessmentPaths.overdues} primaryText="Overdue & Follow-up" leftIcon={<EventBusyOutlined />} />}
    </>
  );
};
