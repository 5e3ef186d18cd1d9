// The dashboard's widgets, one component each: its own query (so each loads, fails and retries alone), its
// answer turned into a view by domain/views, drawn by WidgetCard.
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import {
  API_PATHS,
  type DashboardWidgetId,
  REPORT_INTERVALS,
  type ReporteeDetails,
  type ReportInterval,
} from '@originate/contract';
import { ExportButton } from '@originate/web/export';
import { lazy, Suspense, useMemo, useState } from 'react';
import {
  useConversion,
  useCountByRange,
  useOverallTarget,
  usePending,
  usePipeline,
  useSlaBreaches,
  useTargets,
  useTurnaround,
} from '../api/useReports';
import { monthOf } from '../domain/dates';
import {
  allowedIntervals,
  countByRangeBody,
  effectiveInterval,
  type FilterState,
  reportBody,
  targetQuery,
} from '../domain/filters';
import {
  conversionView,
  overTimeView,
  pendingView,
  pipelineView,
  slaView,
  targetsView,
  turnaroundView,
} from '../domain/views';
import { WidgetCard, type WidgetState, widgetState } from './WidgetCard';

/** Opened by a team lead now and then: its code comes when it opens. */
const SetTargetsDialog = lazy(() => import('./SetTargetsDialog').then((m) => ({ default: m.SetTargetsDialog })));

interface WidgetProps {
  title: string;
  filter: FilterState;
  reportees: ReporteeDetails | undefined;
}

function PipelineWidget({ title, filter }: WidgetProps) {
  const query = usePipeline(useMemo(() => reportBody(filter), [filter]));
  return <WidgetCard id="pipeline" title={title} state={widgetState(query, pipelineView)} />;
}

const INTERVAL_LABELS: Record<ReportInterval, string> = { day: 'Day', week: 'Week', month: 'Month' };

function OverTimeWidget({ title, filter }: WidgetProps) {
  const [chosen, setChosen] = useState<ReportInterval>('day');
  const interval = effectiveInterval(filter, chosen);
  const allowed = allowedIntervals(filter);
  const body = useMemo(() => countByRangeBody(filter, interval), [filter, interval]);
  const query = useCountByRange(body);
  const actions = (
    <>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={interval}
        onChange={(_, value: ReportInterval | null) => value && setChosen(value)}
        aria-label="Interval"
      >
        {REPORT_INTERVALS.map((value) => (
          <ToggleButton key={value} value={value} disabled={!allowed.includes(value)}>
            {INTERVAL_LABELS[value]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <ExportButton path={API_PATHS.applicationsCountByRange} body={body} />
    </>
  );
  return (
    <WidgetCard id="applicationsOverTime" title={title} state={widgetState(query, overTimeView)} actions={actions} />
  );
}

function ConversionWidget({ title, filter }: WidgetProps) {
  const query = useConversion(useMemo(() => reportBody(filter), [filter]));
  return <WidgetCard id="conversion" title={title} state={widgetState(query, conversionView)} />;
}

function TargetsWidget({ title, filter, reportees }: WidgetProps) {
  const target = useMemo(() => targetQuery(filter), [filter]);
  const targets = useTargets(target);
  const overall = useOverallTarget(target);
  const [setting, setSetting] = useState(false);
  // The per-user answer is the card's; the overall figures join it when they come (or the card shows
  // their failure with the same Retry).
  const state: WidgetState = {
    ...widgetState(targets, (data) => targetsView(data, overall.data)),
    fetching: targets.isFetching || overall.isFetching,
    error: targets.error ?? overall.error,
    retry: () => {
      if (targets.isError) void targets.refetch();
      if (overall.isError) void overall.refetch();
    },
  };
  const actions = reportees?.canSetTargets ? (
    <Button size="small" variant="outlined" onClick={() => setSetting(true)}>
      Set targets
    </Button>
  ) : null;
  return (
    <>
      <WidgetCard id="targets" title={title} state={state} actions={actions} />
      {setting && reportees && (
        <Suspense fallback={null}>
          <SetTargetsDialog
            open
            onClose={() => setSetting(false)}
            reportees={reportees}
            initialUserId={filter.userId}
            initialMonth={monthOf(filter.to)}
          />
        </Suspense>
      )}
    </>
  );
}

function SlaWidget({ title, filter }: WidgetProps) {
  const query = useSlaBreaches(useMemo(() => reportBody(filter), [filter]));
  return <WidgetCard id="slaBreaches" title={title} state={widgetState(query, slaView)} />;
}

function PendingWidget({ title, filter }: WidgetProps) {
  const query = usePending(useMemo(() => reportBody(filter), [filter]));
  return <WidgetCard id="pending" title={title} state={widgetState(query, pendingView)} />;
}

function TurnaroundWidget({ title, filter }: WidgetProps) {
  const query = useTurnaround(useMemo(() => reportBody(filter), [filter]));
  return <WidgetCard id="turnaround" title={title} state={widgetState(query, turnaroundView)} />;
}

const WIDGETS: Record<DashboardWidgetId, (props: WidgetProps) => React.JSX.Element> = {
  pipeline: PipelineWidget,
  applicationsOverTime: OverTimeWidget,
  conversion: ConversionWidget,
  targets: TargetsWidget,
  slaBreaches: SlaWidget,
  pending: PendingWidget,
  turnaround: TurnaroundWidget,
};

export function DashboardWidget({ widget, ...props }: WidgetProps & { widget: DashboardWidgetId }) {
  const Widget = WIDGETS[widget];
  return <Widget {...props} />;
}
