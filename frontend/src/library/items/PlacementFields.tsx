import { FormControl, FormHelperText, Grid, InputLabel, MenuItem, Select } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { LibraryItemType, LibraryTreeNode } from '../library-types';

interface PlacementFieldsProps {
  type: LibraryItemType;
  domainId: string;
  moduleId: string;
  domains: LibraryTreeNode[];
  moduleChoices: { id: string; label: string }[];
  onDomainChange: (domainId: string) => void;
  onModuleChange: (moduleId: string) => void;
  errors: Record<string, string>;
}

/** Where a module, question or text goes: its domain and, optionally, a module in it. */
export const PlacementFields = ({
  type,
  domainId,
  moduleId,
  domains,
  moduleChoices,
  onDomainChange,
  onModuleChange,
  errors,
}: PlacementFieldsProps) => {
  const translate = useTranslate();
  const moduleLabel = translate(type === 'module' ? 'cans.library.item.parent_module' : 'cans.library.item.module');
  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormControl variant="outlined" fullWidth size="small" required error={!!errors.domainId}>
          <InputLabel id="library-domain-label">{translate('cans.library.item.domain')}</InputLabel>
          <Select
            labelId="library-domain-label"
            label={translate('cans.library.item.domain')}
            value={domainId}
            onChange={(e) => onDomainChange(e.target.value)}
          >
            {domains.map((d) => (
              <MenuItem key={d.id} value={d.id}>
                {d.name}
              </MenuItem>
            ))}
          </Select>
          {errors.domainId ? <FormHelperText>{errors.domainId}</FormHelperText> : null}
        </FormControl>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormControl variant="outlined" fullWidth size="small" error={!!errors.moduleId} disabled={!domainId}>
          <InputLabel id="library-module-label">{moduleLabel}</InputLabel>
          <Select labelId="library-module-label" label={moduleLabel} value={moduleId} onChange={(e) => onModuleChange(e.target.value)}>
            <MenuItem value="">
              <em>{translate('cans.library.item.module_none')}</em>
            </MenuItem>
            {moduleChoices.map((m) => (
              <MenuItem key={m.id} value={m.id}>
                {m.label}
              </MenuItem>
            ))}
          </Select>
          <FormHelperText>{errors.moduleId ?? 'Optional'}</FormHelperText>
        </FormControl>
      </Grid>
    </>
  );
};
