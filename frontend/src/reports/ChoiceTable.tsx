/*
 * The wizards' pick-from-a-page table: one page of a report list with its count, in a region that scrolls on a
 * narrow screen, and the pagination (one page size). With a `choice`, a first column of radio buttons (one row:
 * arrow keys move the choice within the page, as radio groups do) or check boxes (several rows); clicking a row
 * chooses it too. Each control is labelled with what it chooses.
 */
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Checkbox, Radio, RadioGroup, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, Typography } from '@mui/material';
import { ScrollRegion } from '../layout/ScrollRegion';

export interface ChoiceColumn<T> {
  header: string;
  value: (row: T) => ReactNode;
  align?: 'right';
}

interface ChoiceBase<T> {
  /** The choice column's header. */
  header: string;
  /** The accessible name of one row's control. */
  rowLabel: (row: T) => string;
}

export type Choice<T> =
  | (ChoiceBase<T> & { kind: 'radio'; chosenId: string | null; onChoose: (row: T) => void })
  | (ChoiceBase<T> & { kind: 'checkbox'; chosenIds: readonly string[]; onToggle: (row: T) => void });

export function ChoiceTable<T extends { id: string }>({
  rows,
  total,
  page,
  pageSize,
  onPage,
  columns,
  tableLabel,
  regionLabel,
  status,
  empty,
  choice,
}: {
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  columns: Array<ChoiceColumn<T>>;
  tableLabel: string;
  regionLabel: string;
  /** The line above the table (announced: role status), e.g. the count or the chosen row. */
  status: ReactNode;
  /** Shown instead of the table when the list is empty (FilteredEmpty: the filters in use and Clear filters). */
  empty: ReactNode;
  choice?: Choice<T>;
}) {
  const translate = useTranslate();
  if (total === 0) return <>{empty}</>;
  const isChosen = (row: T) =>
    choice?.kind === 'radio' ? choice.chosenId === row.id : choice?.kind === 'checkbox' ? choice.chosenIds.includes(row.id) : false;
  const choose = (row: T) =>
    choice?.kind === 'radio' ? choice.onChoose(row) : choice?.kind === 'checkbox' ? choice.onToggle(row) : undefined;
  const control = (row: T) => {
    const input = { 'aria-label': choice!.rowLabel(row) };
    return choice!.kind === 'radio' ? (
      <Radio value={row.id} slotProps={{ input }} />
    ) : (
      // The row's click toggles it; the box's own click must not toggle it back.
      <Checkbox checked={isChosen(row)} onClick={(event) => event.stopPropagation()} onChange={() => choose(row)} slotProps={{ input }} />
    );
  };
  const table = (
    <ScrollRegion label={regionLabel}>
      <Table size="small" aria-label={tableLabel}>
        <TableHead>
          <TableRow>
            {choice && <TableCell padding="checkbox">{choice.header}</TableCell>}
            {columns.map((column) => (
              <TableCell key={column.header} align={column.align}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) =>
            choice ? (
              <TableRow key={row.id} hover selected={isChosen(row)} onClick={() => choose(row)} sx={{ cursor: 'pointer' }}>
                <TableCell padding="checkbox">{control(row)}</TableCell>
                {columns.map((column) => (
                  <TableCell key={column.header} align={column.align}>
                    {column.value(row)}
                  </TableCell>
                ))}
              </TableRow>
            ) : (
              <TableRow key={row.id}>
                {columns.map((column) => (
                  <TableCell key={column.header} align={column.align}>
                    {column.value(row)}
                  </TableCell>
                ))}
              </TableRow>
            ),
          )}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
  return (
    <>
      <Typography role="status" sx={{ mb: 1 }}>
        {status}
      </Typography>
      {choice?.kind === 'radio' ? (
        <RadioGroup
          value={choice.chosenId ?? ''}
          onChange={(event) => {
            const row = rows.find((r) => r.id === event.target.value);
            if (row) choice.onChoose(row);
          }}
        >
          {table}
        </RadioGroup>
      ) : (
        table
      )}
      <TablePagination
        component="div"
        count={total}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[pageSize]}
        onPageChange={(_, next) => onPage(next)}
        labelDisplayedRows={({ from, to, count }) => translate('cans.reports.pageOf', { from, to, total: count })}
      />
    </>
  );
}
