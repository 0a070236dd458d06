/*
 * The editor's buttons (spec 000 §2): add mode Cancel and Save; edit mode Back, Share and either the view-only set
 * (Approve, Return, CANS Summary) or the editable set (Save, CANS Summary, Complete, Close Assessment); Print and
 * Include/Exclude in Report when the server offers them. Which workflow buttons show follows the view's `actions`
 * (computed by the server for this user); a read-only page (the view route, /edit/{id}/true, or what the server
 * says) never shows the editable set.
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Menu, MenuItem, Stack } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import MoreHoriz from '@mui/icons-material/MoreHoriz';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import SummarizeOutlined from '@mui/icons-material/SummarizeOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import { useTranslate } from 'react-admin';
import type { AssessmentView } from './assessment-types';
import { appHref, assessmentPaths } from './assessment-paths';

/** How the assessment page was opened: a new child, editing, the read-only view, or an approved case. */
export type AssessmentPageMode = 'add' | 'edit' | 'view' | 'approved';

export interface ToolbarCommands {
  back: () => void;
  save: () => void;
  complete: () => void;
  approve: () => void;
  returnIt: () => void;
  close: () => void;
  share: () => void;
  reassign: () => void;
  include: () => void;
  exclude: () => void;
  remove: () => void;
}

export const AssessmentToolbar = ({
  mode,
  view,
  readOnly,
  busy,
  commands,
}: {
  mode: AssessmentPageMode;
  view: AssessmentView | null;
  readOnly: boolean;
  busy: boolean;
  commands: ToolbarCommands;
}) => {
  const translate = useTranslate();
  const label = (key: string) => translate(`cans.assessments.toolbar.${key}`);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const actions = view?.actions;
  const editable = !readOnly;
  const canSave = editable && (mode === 'add' || actions?.edit);
  // "More" holds what the server offers this user here; with nothing to offer there is no More (issue: an empty menu).
  const moreEntries = [
    { key: 'share', offered: actions?.share !== false, command: commands.share },
    { key: 'reassign', offered: !!actions?.reassign, command: commands.reassign },
    { key: 'include', offered: !!actions?.include, command: commands.include },
    { key: 'exclude', offered: !!actions?.exclude, command: commands.exclude },
    { key: 'delete', offered: editable && !!actions?.delete, command: commands.remove, danger: true },
  ].filter((entry) => entry.offered);
  const fromMenu = (command: () => void) => () => {
    setMenuAnchor(null);
    command();
  };
  return (
    <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap alignItems="center" className="no-print">
      <Button startIcon={<ArrowBack />} onClick={commands.back}>
        {label(mode === 'add' || mode === 'approved' ? 'cancel' : 'back')}
      </Button>
      {canSave && (
        <Button
          variant={mode === 'add' || mode === 'approved' ? 'contained' : 'outlined'}
          startIcon={<SaveOutlined />}
          onClick={commands.save}
          disabled={busy}
        >
          {label('save')}
        </Button>
      )}
      {view && mode !== 'approved' && (
        <>
          {editable && actions?.complete && (
            <Button variant="contained" startIcon={<TaskAltOutlined />} onClick={commands.complete} disabled={busy}>
              {label('complete')}
            </Button>
          )}
          {actions?.approve && (
            <Button variant="contained" color="success" onClick={commands.approve} disabled={busy}>
              {label('approve')}
            </Button>
          )}
          {actions?.return && (
            <Button variant="outlined" color="warning" onClick={commands.returnIt} disabled={busy}>
              {label('return')}
            </Button>
          )}
          {editable && view.statusCode === 'a' && actions?.edit && (
            <Button component={RouterLink} to={assessmentPaths.editApproved(view.id)}>
              {label('editChild')}
            </Button>
          )}
          <Button
            startIcon={<SummarizeOutlined />}
            component="a"
            href={appHref(assessmentPaths.summary(view.id))}
            target="_blank"
            rel="noopener"
          >
            {label('summary')}
          </Button>
          <Button startIcon={<PrintOutlined />} component="a" href={appHref(assessmentPaths.print(view.id))} target="_blank" rel="noopener">
            {label('print')}
          </Button>
          {editable && actions?.close && (
            <Button color="inherit" onClick={commands.close} disabled={busy}>
              {label('close')}
            </Button>
          )}
          {moreEntries.length > 0 && (
            <>
              <Button
                onClick={(e) => setMenuAnchor(e.currentTarget)}
                startIcon={<MoreHoriz />}
                aria-haspopup="menu"
                aria-controls={menuAnchor ? 'assessment-more-menu' : undefined}
              >
                {label('more')}
              </Button>
              <Menu id="assessment-more-menu" anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
                {moreEntries.map((entry) => (
                  <MenuItem key={entry.key} sx={entry.danger ? { color: 'error.main' } : undefined} onClick={fromMenu(entry.command)}>
                    {label(entry.key)}
                  </MenuItem>
                ))}
              </Menu>
            </>
          )}
        </>
      )}
    </Stack>
  );
};
