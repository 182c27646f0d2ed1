/**
 * The text equivalent of a chart: the figures it plots as a table, in a <details> under the chart so
 * the chart looks the same while it is closed (docs/decisions/027-accessibility.md). The chart's
 * figure points at it with aria-details.
 */
import { useTranslation } from 'react-i18next';
import { scrollRegion } from './ui/scrollRegion.ts';

export interface ChartTableProps {
  id: string;
  /** What the table holds, e.g. "Times per operation in this browser". */
  caption: string;
  columns: string[];
  /** One row per plotted point; the first cell heads the row. */
  rows: (string | number)[][];
}

export function ChartTable({ id, caption, columns, rows }: ChartTableProps) {
  const { t } = useTranslation();
  return (
    <details className="chart-figures" id={id}>
      <summary>{t('chartFigures')}</summary>
      <div className="chart-table" {...scrollRegion(caption)}>
        <table className="table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([head, ...cells]) => (
              <tr key={head}>
                <th scope="row">{head}</th>
                {cells.map((cell, i) => (
                  <td key={columns[i + 1]}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
