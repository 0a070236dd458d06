/*
 * Assessment Lists (spec 000 §2 "Assessment list", "Overdue and follow-up screen"): filters, global search, sortable
 * columns, status with day counts, row actions from each row's `actions`, page size 20, tabs All / Overdue /
 * Follow-up. The list state lives in react-admin's store under a storeKey, so it survives navigating away.
 */
import { useEffect, useMemo, useState, type ReactElement } from 'react';
import {
  Datagrid,
  FunctionField,
  List,
  Pagination,
  TextField,
  TopToolbar,
  FilterButton,
  useListContext,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { Box, Button, Stack, Tab, Tabs, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { usePrivilege } from '../providers/usePrivilege';
import { errorMessage } from '../providers/api-error';
import { useApiMutation } from '../providers/useApi';
import { formatDate } from '../shared/format';
import type { AssessmentRow, AssessmentView } from './assessment-types';
import { assessmentApiPath, assessmentPaths } from './assessment-paths';
import { AssessmentFilterHints, useAssessmentListFilters } from './AssessmentListFilters';
import { labelByKey, labelOf, useAssessmentOptions } from './child-fields';
import { ConfirmDialog } from './dialogs';
import { ShareDialog } from './ShareDialog';
import { AssessmentRowActions } from './AssessmentRowActions';
import { AssessmentStatusChip } from './AssessmentStatusChip';
import { ScrollRegion } from '../layout/ScrollRegion';

type ViewTab = 'all' | 'overdue' | 'followUp';

const ViewTabs = ({ tabs }: { tabs: ViewTab[] }) => {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const current: ViewTab = (filterValues.view as ViewTab) ?? tabs[0];
  const translate = useTranslate();
  return (
    <Tabs
      value={tabs.includes(current) ? current : tabs[0]}
      variant="scrollable"
      allowScrollButtonsMobile
      onChange={(_, value: ViewTab) => setFilters({ ...filterValues, view: value === 'all' ? undefined : value }, displayedFilters)}
      aria-label={translate('cans.assessments.list.views')}
      sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {tabs.map((tab) => (
        <Tab key={tab} value={tab} label={translate(`cans.assessments.list.tabs.${tab}`)} />
      ))}
    </Tabs>
  );
};

const ListActions = () => {
  const canAdd = usePrivilege('Assessment_New');
  const translate = useTranslate();
  return (
    <TopToolbar>
      <FilterButton />
      {canAdd && (
        <Button component={RouterLink} to={assessmentPaths.add} variant="contained" startIcon={<AddIcon />}>
          {translate('cans.assessments.list.new')}
        </Button>
      )}
    </TopToolbar>
  );
};

/** Spec §2: /assessment?date=yyyy-MM&status=x&lud=n preset the list's filters (the home links use them). */
const usePresetFromQuery = () => {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const date = params.get('date');
    const status = params.get('status');
    const lud = params.get('lud');
    const view = params.get('view');
    if (!date && !status && !lud && !view) return;
    const filter: Record<string, string> = {};
    if (date && /^\d{4}-\d{2}$/.test(date)) filter.month = date;
    if (status && status !== 'all') filter.status = status;
    if (lud) filter.period = lud;
    if (view && view !== 'all') filter.view = view;
    navigate(`${location.pathname}?filter=${encodeURIComponent(JSON.stringify(filter))}&page=1`, { replace: true });
  }, [location.pathname, location.search, navigate]);
};

const AssessmentGrid = ({ showTabs }: { showTabs: ViewTab[] }) => {
  const options = useAssessmentOptions();
  const assessor = labelByKey(options, 'Assessor', 'Assessor');
  const agency = labelByKey(options, 'AGENCY', 'Agency');
  const navigate = useNavigate();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const text = (key: string, options?: Record<string, unknown>) => translate(`cans.assessments.list.${key}`, options);
  const [sharing, setSharing] = useState<AssessmentRow | null>(null);
  const [deleting, setDeleting] = useState<AssessmentRow | null>(null);
  const remove = useApiMutation<string, unknown>(async (send, id) => {
    // Against the latest revision: the row does not carry one.
    const view = await send<AssessmentView>('GET', assessmentApiPath(id));
    return send('POST', assessmentApiPath(id, 'delete'), { revision: view.revision });
  });
  const { filterValues, data } = useListContext<AssessmentRow>();
  const dueView = filterValues.view === 'overdue' || filterValues.view === 'followUp';
  // dayCount: days overdue in the overdue view, days since the due date in the follow-up view.
  const dueText = (days: number) => text(filterValues.view === 'overdue' ? 'overdueDays' : 'dueDaysAgo', { smart_count: days });
  const pidLabel = labelOf(options, 'cin').label;
  const dateLabel = labelOf(options, 'dateOfAssessment').label;
  // react-admin's header cells draw again only when the sort changes: labels that arrive after the rows (the
  // configured names, on a loaded machine) stayed the defaults. The grid is drawn anew when its labels change.
  const headerKey = [pidLabel, dateLabel, assessor.label, agency.label].join('|');
  // The list rows carry an agency name only where agencies are in use.
  const showAgency = agency.visible && (data ?? []).some((row) => !!row.agencyName);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify('cans.assessments.notices.deleted', { type: 'success' });
      refresh();
    } catch (e) {
      notify(errorMessage(e), { type: 'error', autoHideDuration: 5000 });
    } finally {
      setDeleting(null);
    }
  };

  return (
    <>
      {showTabs.length > 1 && <ViewTabs tabs={showTabs} />}
      <AssessmentFilterHints />
      <ScrollRegion label={text('region')}>
        <Datagrid
          key={headerKey}
          bulkActionButtons={false}
          empty={<EmptyList />}
          rowClick={(id, _resource, record) => {
            const row = record as AssessmentRow;
            navigate(row.actions?.edit ? assessmentPaths.edit(String(id)) : assessmentPaths.view(String(id)));
            return false;
          }}
          sx={{ '& .RaDatagrid-headerCell': { fontWeight: 600, bgcolor: '#f7f9fc' }, '& .RaDatagrid-rowCell': { py: 1.25 } }}
        >
          <TextField source="cin" label={pidLabel} />
          <FunctionField source="dateOfAssessment" label={dateLabel} render={(row: AssessmentRow) => formatDate(row.dateOfAssessment)} />
          <FunctionField source="updatedAt" label={text('columns.updatedAt')} render={(row: AssessmentRow) => formatDate(row.updatedAt)} />
          <TextField source="fullName" label={text('columns.fullName')} />
          {assessor.visible && <TextField source="ownerName" label={assessor.label} />}
          {showAgency && <TextField source="agencyName" label={agency.label} sortable={false} emptyText="—" />}
          <FunctionField
            source="status"
            label={text('columns.status')}
            render={(row: AssessmentRow) =>
              dueView ? (
                <Stack direction="row" spacing={1} alignItems="center">
                  <AssessmentStatusChip code={row.statusCode} label={row.statusLabel} />
                  {typeof row.dayCount === 'number' && (
                    <Typography
                      variant="body2"
                      color={filterValues.view === 'overdue' ? 'error.main' : 'warning.main'}
                      sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}
                    >
                      {dueText(row.dayCount)}
                    </Typography>
                  )}
                </Stack>
              ) : (
                <AssessmentStatusChip code={row.statusCode} label={row.statusLabel} dayCount={row.dayCount} />
              )
            }
          />
          <FunctionField
            label={text('columns.actions')}
            sortable={false}
            render={(row: AssessmentRow) => <AssessmentRowActions row={row} onShare={setSharing} onDelete={setDeleting} />}
          />
        </Datagrid>
      </ScrollRegion>
      {sharing && (
        <ShareDialog
          assessmentId={sharing.id}
          open
          onClose={() => setSharing(null)}
          onShared={() => {
            notify('cans.assessments.notices.shared', { type: 'success' });
            setSharing(null);
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        message={text('confirmDelete', { name: deleting ? deleting.fullName || deleting.cin : '' })}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
        busy={remove.isPending}
      />
    </>
  );
};

const EmptyList = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 4, textAlign: 'center' }}>
      <Typography color="text.secondary">{translate('cans.assessments.list.empty')}</Typography>
    </Box>
  );
};

const AssessmentListBase = ({
  title,
  storeKey,
  tabs,
  defaultView,
  filters,
  pageSizes,
}: {
  title: string;
  storeKey: string;
  tabs: ViewTab[];
  defaultView?: ViewTab;
  filters: ReactElement[];
  pageSizes: number[];
}) => {
  usePresetFromQuery();
  const canFilter = usePrivilege('Assessment_View');
  const filterDefaults = useMemo(() => (defaultView && defaultView !== 'all' ? { view: defaultView } : {}), [defaultView]);
  return (
    <List
      resource="assessments"
      storeKey={storeKey}
      title={title}
      filters={canFilter ? filters : undefined}
      filterDefaultValues={filterDefaults}
      actions={<ListActions />}
      perPage={20}
      sort={{ field: 'updatedAt', order: 'DESC' }}
      pagination={<Pagination rowsPerPageOptions={pageSizes} />}
      empty={false}
      disableSyncWithLocation={false}
      sx={{ '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { borderRadius: 1.5 } }}
    >
      <AssessmentGrid showTabs={tabs} />
    </List>
  );
};

export const AssessmentList = () => {
  const translate = useTranslate();
  const filters = useAssessmentListFilters('all');
  return (
    <AssessmentListBase
      title={translate('cans.assessments.list.title')}
      storeKey="assessments.list"
      tabs={['all', 'overdue', 'followUp']}
      filters={filters}
      pageSizes={[20, 50, 100]}
    />
  );
};

export const OverdueAssessmentList = () => {
  const translate = useTranslate();
  const filters = useAssessmentListFilters('overdue');
  return (
    <AssessmentListBase
      title={translate('cans.assessments.list.overdueTitle')}
      storeKey="assessments.overdues"
      tabs={['overdue', 'followUp']}
      defaultView="overdue"
      filters={filters}
      pageSizes={[20, 50]}
    />
  );
};
