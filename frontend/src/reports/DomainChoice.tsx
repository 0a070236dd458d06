/* The "Choose domain(s)" step of every wizard: a checkbox per domain and one for all (keyboard: Tab and Space). */
import { useTranslate } from 'react-admin';
import { Checkbox, FormControl, FormControlLabel, FormGroup, FormLabel } from '@mui/material';
import type { ReportDomainDefinition } from './report-types';

export const DomainChoice = ({
  domains,
  chosen,
  onChange,
}: {
  domains: ReportDomainDefinition[];
  chosen: string[];
  onChange: (chosen: string[]) => void;
}) => {
  const translate = useTranslate();
  const all = domains.length > 0 && domains.every((d) => chosen.includes(d.code));
  const some = chosen.length > 0 && !all;
  const toggle = (code: string) => onChange(chosen.includes(code) ? chosen.filter((c) => c !== code) : [...chosen, code]);
  return (
    <FormControl component="fieldset" sx={{ minWidth: 0 }}>
      <FormLabel component="legend">{translate('cans.reports.domains.legend')}</FormLabel>
      <FormControlLabel
        control={<Checkbox checked={all} indeterminate={some} onChange={() => onChange(all ? [] : domains.map((d) => d.code))} />}
        label={translate('cans.reports.actions.selectAllDomains')}
      />
      <FormGroup sx={{ pl: { xs: 1, sm: 3 }, display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {domains.map((domain) => (
          <FormControlLabel
            key={domain.code}
            control={<Checkbox checked={chosen.includes(domain.code)} onChange={() => toggle(domain.code)} />}
            label={domain.name}
          />
        ))}
      </FormGroup>
    </FormControl>
  );
};
