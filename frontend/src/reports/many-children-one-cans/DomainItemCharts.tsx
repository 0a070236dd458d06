/*
 * One domain tab of Many Children One CANS (spec 001 §2, §9): per item a pie of the share of each rating, 4 charts a
 * row (2 when comparing, the comparison group's pie beside the filter's), the module items in their own groups, and
 * the caregiver count of caregiver domains. The whole tab's figures as a table are its text alternative.
 */
import { Fragment } from 'react';
import { useTranslate } from 'react-admin';
import { ResponsivePie } from '@nivo/pie';
import { Box, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { ChartPanel } from '../../dashboard/ChartPanel';
import { ScrollRegion } from '../../layout/ScrollRegion';
import { chartsPerRow, ratingColour, ratingText, reportQuestionLabel } from '@cans/domain/reports/chart-rules';
import { RatingLegend } from '../RatingLegend';
import type { DomainStatistics, QuestionStatistics } from '../report-types';

const LEGEND = ['N/A', '0', '1', '2', '3'];
/** A comparison item's figure hidden as a small cell (docs/security.md "Differencing of the comparison report"). */
const HIDDEN = '–';

const ItemPie = ({ question, caption, label }: { question: QuestionStatistics | undefined; caption?: string; label: string }) => {
  const translate = useTranslate();
  const spoken = (question?.ratings ?? []).map((r) => `${ratingText(r.rating)} ${r.percent}%`).join(', ');
  const slices = (question?.ratings ?? [])
    .filter((r) => r.count > 0)
    .map((r) => ({ id: ratingText(r.rating), value: r.percent, rating: r.rating }));
  return (
    <Box sx={{ flex: '1 1 0', minWidth: 0 }}>
      {caption && (
        <Typography variant="caption" component="p" align="center">
          {caption}
        </Typography>
      )}
      <Box
        sx={{ height: 150 }}
        role="img"
        aria-label={translate('cans.reports.report.pieAlt', {
          item: caption ? `${label} (${caption})` : label,
          ratings: question?.suppressed ? translate('cans.reports.report.suppressed') : spoken || translate('cans.reports.report.notRated'),
        })}
      >
        {question?.suppressed ? (
          <Typography variant="body2" align="center" color="text.secondary" sx={{ pt: 8 }}>
            {translate('cans.reports.report.suppressed')}
          </Typography>
        ) : slices.length > 0 ? (
          <ResponsivePie
            data={slices}
            margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
            colors={(slice) => ratingColour(slice.data.rating)}
            enableArcLinkLabels={false}
            arcLabel={(slice) => (slice.value < 6 ? '' : `${slice.value}%`)}
            arcLabelsTextColor="#ffffff"
            animate={false}
            isInteractive={false}
            role="presentation"
          />
        ) : (
          <Typography variant="body2" align="center" color="text.secondary" sx={{ pt: 8 }}>
            {translate('cans.reports.report.notRated')}
          </Typography>
        )}
      </Box>
    </Box>
  );
};

const ItemGrid = ({
  questions,
  compared,
  comparing,
}: {
  questions: QuestionStatistics[];
  compared: Map<string, QuestionStatistics>;
  comparing: boolean;
}) => {
  const translate = useTranslate();
  const perRow = chartsPerRow(comparing);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: `repeat(${perRow}, 1fr)` } }}>
      {questions.map((question) => (
        <Box key={question.code} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, minWidth: 0 }}>
          <Typography variant="subtitle2" component="h4" title={question.questionName} noWrap>
            {reportQuestionLabel(question.questionName, question.questionShowName)}
          </Typography>
          <Stack direction="row" spacing={1}>
            <ItemPie
              question={question}
              label={question.questionName}
              caption={comparing ? translate('cans.reports.report.filterGroup') : undefined}
            />
            {comparing && (
              <ItemPie
                question={compared.get(question.code)}
                label={question.questionName}
                caption={translate('cans.reports.report.comparisonGroup')}
              />
            )}
          </Stack>
        </Box>
      ))}
    </Box>
  );
};

const percentOf = (question: QuestionStatistics | undefined, rating: string) =>
  question?.ratings.find((r) => r.rating === rating)?.percent ?? 0;
const countOf = (question: QuestionStatistics | undefined, rating: string) =>
  question?.ratings.find((r) => r.rating === rating)?.count ?? 0;

const ItemTable = ({
  domain,
  compared,
  comparing,
}: {
  domain: DomainStatistics;
  compared: Map<string, QuestionStatistics>;
  comparing: boolean;
}) => {
  const translate = useTranslate();
  const text = (key: string) => translate(`cans.reports.report.${key}`);
  const title = translate('cans.reports.report.itemsTitle', { domain: domain.name });
  const ratings = ['NA', '0', '1', '2', '3', '4'].filter((rating) => rating !== '4' || domain.questions.some((q) => countOf(q, '4') > 0));
  const groups: Array<{ name: string; questions: QuestionStatistics[] }> = [
    { name: domain.name, questions: domain.questions },
    ...domain.moduleCharts.map((m) => ({ name: translate('cans.reports.report.module', { name: m.name }), questions: m.questions })),
  ];
  const row = (question: QuestionStatistics | undefined, label: string, key: string) => (
    <TableRow key={key}>
      <TableCell component="th" scope="row">
        {label}
      </TableCell>
      <TableCell align="right">{question?.rated ?? 0}</TableCell>
      {ratings.map((rating) => (
        <TableCell key={rating} align="right">
          {question?.suppressed ? HIDDEN : `${countOf(question, rating)} (${percentOf(question, rating)}%)`}
        </TableCell>
      ))}
    </TableRow>
  );
  return (
    <ScrollRegion label={translate('cans.reports.tableOf', { title })}>
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell>{text('item')}</TableCell>
            <TableCell align="right">{text('rated')}</TableCell>
            {ratings.map((rating) => (
              <TableCell key={rating} align="right">
                {ratingText(rating)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {groups.map((group) => (
            <Fragment key={group.name}>
              {group !== groups[0] && (
                <TableRow>
                  <TableCell colSpan={ratings.length + 2} sx={{ fontWeight: 600 }}>
                    {group.name}
                  </TableCell>
                </TableRow>
              )}
              {group.questions.map((q) =>
                comparing ? (
                  <Fragment key={q.code}>
                    {row(q, `${q.questionName} (${text('filterGroup')})`, `${q.code}-filter`)}
                    {row(compared.get(q.code), `${q.questionName} (${text('comparisonGroup')})`, `${q.code}-compare`)}
                  </Fragment>
                ) : (
                  row(q, q.questionName, q.code)
                ),
              )}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
};

/** The table's figures as CSV rows: the module (blank for the domain's own items), counts and percentages apart. */
function itemCsv(
  domain: DomainStatistics,
  compared: Map<string, QuestionStatistics>,
  comparing: boolean,
  text: (key: string) => string,
  moduleName: (name: string) => string,
) {
  const ratings = ['NA', '0', '1', '2', '3', '4'].filter((rating) => rating !== '4' || domain.questions.some((q) => countOf(q, '4') > 0));
  const groups = [
    { name: '', questions: domain.questions },
    ...domain.moduleCharts.map((m) => ({ name: moduleName(m.name), questions: m.questions })),
  ];
  const figures = (question: QuestionStatistics | undefined): Array<string | number> => [
    question?.rated ?? 0,
    ...ratings.flatMap((rating): Array<string | number> =>
      question?.suppressed ? [HIDDEN, HIDDEN] : [countOf(question, rating), percentOf(question, rating)],
    ),
  ];
  return {
    header: [
      text('moduleColumn'),
      text('item'),
      ...(comparing ? [text('groupColumn')] : []),
      text('rated'),
      ...ratings.flatMap((rating) => [ratingText(rating), `${ratingText(rating)} (%)`]),
    ],
    rows: groups.flatMap((group) =>
      group.questions.flatMap((q) =>
        comparing
          ? [
              [group.name, q.questionName, text('filterGroup'), ...figures(q)],
              [group.name, q.questionName, text('comparisonGroup'), ...figures(compared.get(q.code))],
            ]
          : [[group.name, q.questionName, ...figures(q)]],
      ),
    ),
  };
}

export const DomainItemCharts = ({ domain, comparison }: { domain: DomainStatistics; comparison?: DomainStatistics }) => {
  const translate = useTranslate();
  const comparing = comparison !== undefined;
  const compared = new Map(
    [...(comparison?.questions ?? []), ...(comparison?.moduleCharts.flatMap((m) => m.questions) ?? [])].map((q) => [q.code, q]),
  );
  const title = translate('cans.reports.report.itemsTitle', { domain: domain.name });
  const chart = (
    <Box>
      <RatingLegend entries={LEGEND} />
      <Box sx={{ mt: 1 }}>
        {domain.questions.length === 0 && domain.moduleCharts.length === 0 && (
          <Typography>{translate('cans.reports.report.noQuestions')}</Typography>
        )}
        <ItemGrid questions={domain.questions} compared={compared} comparing={comparing} />
        {domain.moduleCharts.map((module) => (
          <Box key={module.code} sx={{ mt: 2 }}>
            <Typography variant="subtitle1" component="h4">
              {translate('cans.reports.report.module', { name: module.name })}
            </Typography>
            <ItemGrid questions={module.questions} compared={compared} comparing={comparing} />
          </Box>
        ))}
      </Box>
    </Box>
  );
  return (
    <ChartPanel
      id={`items-${domain.code}`}
      title={title}
      hint={domain.caregiverItem ? translate('cans.reports.report.caregiverCount', { count: domain.caregiverCount }) : undefined}
      chart={chart}
      table={<ItemTable domain={domain} compared={compared} comparing={comparing} />}
      csv={{
        fileName: title,
        ...itemCsv(
          domain,
          compared,
          comparing,
          (key) => translate(`cans.reports.report.${key}`),
          (name) => translate('cans.reports.report.module', { name }),
        ),
      }}
    />
  );
};
