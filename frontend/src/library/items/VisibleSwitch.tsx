import { Switch, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { displayName } from '../library-tree';
import type { LibraryItem } from '../library-types';

/** Thumb in the middle, outlined: neither on nor off. */
const INDETERMINATE_SWITCH = {
  '& .MuiSwitch-switchBase.Mui-checked': { transform: 'translateX(8px)' },
  '& .MuiSwitch-switchBase.Mui-checked + .MuiSwitch-track': { bgcolor: 'warning.main', opacity: 0.45 },
  '& .MuiSwitch-thumb': {
    bgcolor: 'common.white',
    border: '2px solid',
    borderColor: 'warning.main',
    boxSizing: 'border-box',
    boxShadow: 'none',
  },
} as const;

/** The Visible switch; a parent with only some items visible shows the in-between state (aria-checked="mixed"). */
export const VisibleSwitch = ({
  node,
  disabled,
  onToggle,
}: {
  node: LibraryItem;
  disabled: boolean;
  onToggle: (visible: boolean) => void;
}) => {
  const state = node.visibilityState;
  const translate = useTranslate();
  const label = translate('cans.library.table.visible_named', { name: displayName(node) });
  const tip = translate(`cans.library.table.visibility.${state}`);
  return (
    <Tooltip title={tip}>
      <Switch
        size="small"
        checked={state !== 'hidden'}
        disabled={disabled}
        color={state === 'indeterminate' ? 'warning' : 'primary'}
        onChange={() => onToggle(state !== 'visible')}
        sx={state === 'indeterminate' ? INDETERMINATE_SWITCH : undefined}
        slotProps={{
          input: { role: 'switch', 'aria-label': label, 'aria-checked': state === 'indeterminate' ? 'mixed' : state === 'visible' },
        }}
      />
    </Tooltip>
  );
};
