/* Per-question pie of answer percentages across approved assessments (GET /api/answer-statistics/:code). */
import { Pie } from '@nivo/pie';
import { useTranslate } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { useApiQuery } from '../providers/useApi';
import { ratingLabel } from '../shared/ratings';
import { ratingColour } from '@cans/domain/reports/chart-rules';
import type { AnswerStatistics } from './assessment-types';

export const AnswerPie = ({ questionCode, questionName, size = 112 }: { questionCode: string; questionName: string; size?: number }) => {
  const { data, isError } = useApiQuery<AnswerStatistics>(`/answer-statistics/${encodeURIComponent(questionCode)}`, { staleTime: 60_000 });
  const translate = useTranslate();
  const noData = translate('cans.assessments.pie.noData');
  const slices = (data?.slices ?? []).filter((slice) => slice.count > 0);
  const summary =
    data && data.total > 0 ? slices.map((slice) => `${ratingLabel(slice.rating)}: ${Math.round(slice.percent)}%`).join(', ') : noData;
  return (
    <Box
      role="img"
      aria-label={translate('cans.assessments.pie.alt', { name: questionName, summary })}
      sx={{ width: size, flexShrink: 0, textAlign: 'center' }}
    >
      {!data || data.total === 0 || isError ? (
        <Box
          sx={{
            mx: 'auto',
            my: 1,
            width: size - 16,
            height: size - 16,
            borderRadius: '50%',
            border: '2px dashed',
            borderColor: 'divider',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          <Typography variant="caption" color="text.secondary">
            {data || isError ? noData : '…'}
          </Typography>
        </Box>
      ) : (
        <Pie
          width={size}
          height={size}
          data={slices.map((slice) => ({
            id: ratingLabel(slice.rating),
            label: ratingLabel(slice.rating),
            value: Math.round(slice.percent * 10) / 10,
            // The one rating scale of every chart (chart-rules.ts; issue 28).
            color: ratingColour(slice.rating),
          }))}
          colors={{ datum: 'data.color' }}
          margin={{ top: 6, right: 6, bottom: 6, left: 6 }}
          innerRadius={0.45}
          padAngle={1}
          cornerRadius={2}
          enableArcLinkLabels={false}
          arcLabelsSkipAngle={30}
          arcLabel={(d) => String(d.id)}
          arcLabelsTextColor="#ffffff"
          valueFormat={(v) => `${v}%`}
          animate={false}
          // The surrounding box is the image with the text alternative; the chart's svg is its picture.
          role="presentation"
          isInteractive
        />
      )}
      {data && data.total > 0 && (
        <Typography variant="caption" color="text.secondary" component="div" aria-hidden>
          {translate('cans.assessments.pie.approved', { count: data.total })}
        </Typography>
      )}
    </Box>
  );
};
