/*
 * Assessment Lists (spec 000 §2 "Assessment list", "Overdue and follow-up screen"): filters, global search, sortable
 * columns, status with day counts, row actions from each row's `actions`, page size 20, tabs All / Overdue /
 * Follow-up. The list state lives in react-admin's store under a storeKey, so it survives navigating away.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  AutocompleteInput,
  Datagrid,
  DateInput,
  FunctionField,
  List,
  Pagination,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  FilterButton,
  useListContext,
  useNotify,
  useRefresh,
  type RaRecord,
} from 'react-admin';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { Box, Button, IconButton, Stack, Tab, Tabs, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import { usePrivilege } from '../providers/usePrivilege';
import { apiGet, apiSend, assessmentPaths, errorMessage, formatDate, type AssessmentActions, type AssessmentView, type StatusCode } from './api';
import { labelByKey, useAssessmentOptions } from './child-fields';
import { ConfirmDialog, ShareDialog } from './dialogs';
import { StatusChip } from './StatusChip';
import { ScrollRegion } from '../layout/ScrollRegion';

export interface AssessmentRow extends RaRecord {
  id: string;
  cin: string;
  fullName: string;
  assessmentType?: string;
  statusCode: StatusCode;
  statusLabel: string;
  dayCount?: number | null;
  dateOfAssessment: string;
  ownerName: string;
  agencyName?: string | null;
  updatedAt: string;
  nextDueDate?: string | null;
  includedInReports?: boolean;
  actions: Partial<AssessmentActions>;
}

const STATUS_CHOICES = [
  { id: 'i', name: 'Incomplete' },
  { id: 'r', name: 'Returned' },
  { id: 'c', name: 'Pending Approval' },
  { id: 'a', name: 'Approved' },
  { id: 'e', name: 'Closed' },
];

/** Spec §9: last-updated choices 7, 14, 30, 45, 90 days. */
const LAST_UPDATED_CHOICES = [7, 14, 30, 45, 90].map((days) => ({ id: String(days), name: `Last ${days} days` }));

interface AssessorOption {
  id: string;
  name: string;
}

/**
 * Assessor filter (spec §2 Filters, shown with Assessment_View): the options are the owners of assessments the
 * user may see (GET /api/assessment-assessors), not the user directory (User_View). Options seen stay known, so
 * the chosen assessor keeps its name while the user types another search.
 */
const AssessorFilterInput = ({ source, label }: { source: string; label: string; alwaysOn?: boolean }) => {
  const [search, setSearch] = useState('');
  const known = useRef(new Map<string, AssessorOption>());
  const { data } = useQuery({
    queryKey: ['assessment-assessors', search],
    queryFn: () => apiGet<AssessorOption[]>(`/assessment-assessors?q=${encodeURIComponent(search)}`),
  });
  for (const option of data ?? []) known.current.set(option.id, option);
  const choices = [...known.current.values()].sort((a, b) => a.name.localeCompare(b.name));
  return <AutocompleteInput source={source} label={label} choices={choices} setFilter={setSearch} helperText={false} />;
};

const assessorFilter = <AssessorFilterInput key="ownerId" source="ownerId" label="Assessor" />;

const overdueFilters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search PID or name" />];

const baseListFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search PID or name" />,
  <SelectInput key="status" source="status" label="Status" choices={STATUS_CHOICES} emptyText="All" alwaysOn />,
  <DateInput key="dateFrom" source="dateFrom" label="Assessed from" />,
  <DateInput key="dateTo" source="dateTo" label="Assessed to" />,
  <SelectInput
    key="scope"
    source="scope"
    label="Scope"
    choices={[
      { id: '0', name: 'Open' },
      { id: '-1', name: 'Closed' },
    ]}
    emptyText="All"
  />,
  <SelectInput key="period" source="period" label="Last updated" choices={LAST_UPDATED_CHOICES} emptyText="Any time" />,
  assessorFilter,
];

const RowActions = ({ row, onShare, onDelete }: { row: AssessmentRow; onShare: (row: AssessmentRow) => void; onDelete: (row: AssessmentRow) => void }) => {
  const actions = row.actions ?? {};
  const stop = (event: React.MouseEvent) => event.stopPropagation();
  const name = row.fullName || row.cin;
  return (
    <Stack direction="row" spacing={0.5} onClick={stop}>
      {actions.edit ? (
        <Tooltip title="Edit">
          <IconButton size="small" component={RouterLink} to={assessmentPaths.edit(row.id)} aria-label={`Edit assessment of ${name}`}>
            <EditOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Tooltip title="View">
          <IconButton size="small" component={RouterLink} to={assessmentPaths.view(row.id)} aria-label={`View assessment of ${name}`}>
            <VisibilityOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {actions.share !== false && (
        <Tooltip title="Share">
          <IconButton size="small" onClick={() => onShare(row)} aria-label={`Share assessment of ${name}`}>
            <ShareOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {actions.delete && (
        <Tooltip title="Delete">
          <IconButton size="small" onClick={() => onDelete(row)} aria-label={`Delete assessment of ${name}`} sx={{ color: 'error.main' }}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
};

type ViewTab = 'all' | 'overdue' | 'followUp';

const ViewTabs = ({ tabs }: { tabs: ViewTab[] }) => {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const current: ViewTab = (filterValues.view as ViewTab) ?? tabs[0];
  const labels: Record<ViewTab, string> = { all: 'All', overdue: 'Overdue Assessments', followUp: 'Follow up Assessments' };
  return (
    <Tabs
      value={tabs.includes(current) ? current : tabs[0]}
      variant="scrollable"
      allowScrollButtonsMobile
      onChange={(_, value: ViewTab) => setFilters({ ...filterValues, view: value === 'all' ? undefined : value }, displayedFilters)}
      aria-label="Assessment views"
      sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {tabs.map((tab) => (
        <Tab key={tab} value={tab} label={labels[tab]} />
      ))}
    </Tabs>
  );
};

const ListActions = () => {
  const canAdd = usePrivilege('Assessment_New');
  return (
    <TopToolbar>
      <FilterButton />
      {canAdd && (
        <Button component={RouterLink} to={assessmentPaths.add} variant="contained" startIcon={<AddIcon />}>
          New Assessment
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
  const [sharing, setSharing] = useState<AssessmentRow | null>(null);
  const [deleting, setDeleting] = useState<AssessmentRow | null>(null);
  const [busy, setBusy] = useState(false);
  const { filterValues, data } = useListContext<AssessmentRow>();
  const dueView = filterValues.view === 'overdue' || filterValues.view === 'followUp';
  // dayCount: days overdue in the overdue view, days since the due date in the follow-up view.
  const dueText = (days: number) => (filterValues.view === 'overdue' ? `${days} ${days === 1 ? 'day' : 'days'} overdue` : `due ${days} ${days === 1 ? 'day' : 'days'} ago`);
  // The list rows carry an agency name only where agencies are in use.
  const showAgency = agency.visible && (data ?? []).some((row) => !!row.agencyName);
  const monthFilter = typeof filterValues.month === 'string' ? filterValues.month : null;

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      const view = await apiGet<AssessmentView>(`/assessments/${deleting.id}`);
      await apiSend('POST', `/assessments/${deleting.id}/delete`, { revision: view.revision });
      notify('Assessment was deleted successfully.', { type: 'success' });
      refresh();
    } catch (e) {
      notify(errorMessage(e), { type: 'error', autoHideDuration: 5000 });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  return (
    <>
      {showTabs.length > 1 && <ViewTabs tabs={showTabs} />}
      {monthFilter && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1.5 }}>
          Assessed in {monthFilter}
        </Typography>
      )}
      <ScrollRegion label="Assessments">
        <Datagrid
          bulkActionButtons={false}
          empty={<EmptyList />}
          rowClick={(id, _resource, record) => {
            const row = record as AssessmentRow;
            navigate(row.actions?.edit ? assessmentPaths.edit(String(id)) : assessmentPaths.view(String(id)));
            return false;
          }}
          sx={{ '& .RaDatagrid-headerCell': { fontWeight: 600, bgcolor: '#f7f9fc' }, '& .RaDatagrid-rowCell': { py: 1.25 } }}
        >
          <TextField source="cin" label="PID" />
          <FunctionField source="dateOfAssessment" label="Date of Assessment" render={(row: AssessmentRow) => formatDate(row.dateOfAssessment)} />
          <FunctionField source="updatedAt" label="Last Update" render={(row: AssessmentRow) => formatDate(row.updatedAt)} />
          <TextField source="fullName" label="Name" />
          {assessor.visible && <TextField source="ownerName" label={assessor.label} />}
          {showAgency && <TextField source="agencyName" label={agency.label} sortable={false} emptyText="—" />}
          <FunctionField
            source="status"
            label="Status"
            render={(row: AssessmentRow) =>
              dueView ? (
                <Stack direction="row" spacing={1} alignItems="center">
                  <StatusChip code={row.statusCode} label={row.statusLabel} />
                  {typeof row.dayCount === 'number' && (
                    <Typography variant="body2" color={filterValues.view === 'overdue' ? 'error.main' : 'warning.main'} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                      {dueText(row.dayCount)}
                    </Typography>
                  )}
                </Stack>
              ) : (
                <StatusChip code={row.statusCode} label={row.statusLabel} dayCount={row.dayCount} />
              )
            }
          />
          <FunctionField
            label="Actions"
            sortable={false}
            render={(row: AssessmentRow) => <RowActions row={row} onShare={setSharing} onDelete={setDeleting} />}
          />
        </Datagrid>
      </ScrollRegion>
      {sharing && (
        <ShareDialog
          assessmentId={sharing.id}
          open
          onClose={() => setSharing(null)}
          onShared={() => {
            notify('Assessment was shared successfully.', { type: 'success' });
            setSharing(null);
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Warning"
        message={`Are you sure you want to delete this assessment${deleting ? ` of ${deleting.fullName || deleting.cin}` : ''}?`}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
        busy={busy}
      />
    </>
  );
};

const EmptyList = () => (
  <Box sx={{ p: 4, textAlign: 'center' }}>
    <Typography color="text.secondary">No assessments match these filters.</Typography>
  </Box>
);

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
  filters: React.ReactElement[];
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

export const AssessmentList = () => (
  <AssessmentListBase title="Assessment Lists" storeKey="assessments.list" tabs={['all', 'overdue', 'followUp']} filters={baseListFilters} pageSizes={[20, 50, 100]} />
);

export const OverdueAssessmentList = () => (
  <AssessmentListBase title="Overdue and Follow-up Assessments" storeKey="assessments.overdues" tabs={['overdue', 'followUp']} defaultView="overdue" filters={overdueFilters} pageSizes={[20, 50]} />
);
