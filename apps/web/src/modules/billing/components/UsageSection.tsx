import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { USAGE_QUERY } from '../graphql/queries/usage.query';
import { formatCost, formatDollars, planChargeText } from '../utils/billing-display.util';

const LEDGER_PAGE = 20;

interface UsageSectionProps {
  /** The user's plan as the catalogue prices it (null until known). */
  readonly plan: {
    readonly name: string;
    readonly monthlyPriceCents: number | null;
    readonly ratePerCallCents: number | null;
  } | null;
}

/**
 * Usage this month by day (chart) and the ledger (table): Settings > Subscription, "Usage and Billing".
 * It says what the plan really charges: what was taken from the balance, and the plan's price; the price
 * of API key tokens is shown apart, as the report it is (it counts toward key spend caps, never charged).
 */
export function UsageSection({ plan }: UsageSectionProps) {
  const { data, error } = useQuery(USAGE_QUERY, { variables: { ledgerLimit: LEDGER_PAGE } });
  if (error && !data) return <Alert severity="error">Failed to load usage. Please try again later.</Alert>;
  if (!data) return null;
  const { usageSummary, ledger } = data;
  const days = usageSummary.daily.map((day) => day.day.slice(5));
  const tokenPriceCents = usageSummary.totals.costCents - usageSummary.totals.chargedCents;
  return (
    <Stack spacing={3} id="usage" data-testid="usage-section">
      <Card>
        <CardContent sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Usage This Month
          </Typography>
          {plan && (
            <Typography color="textSecondary" sx={{ mb: 1 }} data-testid="usage-plan-price">
              {planChargeText(plan)}
            </Typography>
          )}
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={3}
            sx={{ mb: 2 }}
            data-testid="usage-totals"
          >
            <Typography>{`Calls: ${usageSummary.totals.calls}`}</Typography>
            <Typography>{`Conversations: ${usageSummary.totals.conversations}`}</Typography>
            <Typography>{`Tokens: ${usageSummary.totals.tokens}`}</Typography>
            <Typography data-testid="usage-charged">
              {`Charged for calls: ${formatDollars(usageSummary.totals.chargedCents)}`}
            </Typography>
          </Stack>
          {tokenPriceCents > 0 && (
            <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }} data-testid="usage-token-price">
              {`API key tokens priced at ${formatCost(tokenPriceCents)}: counted toward your keys' spend caps, not charged.`}
            </Typography>
          )}
          <Box data-testid="usage-chart">
            <BarChart
              height={260}
              xAxis={[{ data: days, scaleType: 'band' }]}
              series={[
                { data: usageSummary.daily.map((day) => day.calls), label: 'Calls' },
                { data: usageSummary.daily.map((day) => day.conversations), label: 'Conversations' },
              ]}
            />
            <BarChart
              height={200}
              xAxis={[{ data: days, scaleType: 'band' }]}
              series={[
                { data: usageSummary.daily.map((day) => day.tokens), label: 'Tokens' },
                { data: usageSummary.daily.map((day) => day.chargedCents), label: 'Charged (cents)' },
              ]}
            />
          </Box>
        </CardContent>
      </Card>
      <Card>
        <CardContent sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Ledger
          </Typography>
          {ledger.entries.length === 0 ? (
            <Typography color="textSecondary">No entries yet.</Typography>
          ) : (
            <Table size="small" data-testid="ledger-table">
              <TableHead>
                <TableRow>
                  <TableCell>Date</TableCell>
                  <TableCell>Description</TableCell>
                  <TableCell align="right">Amount</TableCell>
                  <TableCell align="right">Balance</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {ledger.entries.map((entry) => (
                  <TableRow key={entry.id}>
                    <TableCell>{new Date(entry.createdAt).toLocaleString()}</TableCell>
                    <TableCell>{entry.description}</TableCell>
                    <TableCell align="right">{formatDollars(entry.amountCents)}</TableCell>
                    <TableCell align="right">{formatDollars(entry.balanceAfterCents)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          {ledger.total > ledger.entries.length && (
            <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
              {`The ${ledger.entries.length} newest of ${ledger.total} entries.`}
            </Typography>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
