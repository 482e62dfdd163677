import { render, screen } from '@testing-library/react';
import { Newspaper } from 'lucide-react';
import { formatTrend } from '../lib/trend';
import { StatCard } from './stat-card';

test('a positive trend is shown as +n% in green', () => {
  render(
    <StatCard
      title="Total News"
      value="1,247"
      description="seit gestern"
      icon={Newspaper}
      trend={{ value: 12, isPositive: true }}
    />,
  );
  const trend = screen.getByTestId('stat-trend');
  expect(trend).toHaveTextContent('+12%');
  expect(trend.className).toMatch(/emerald/);
  expect(trend.className).not.toMatch(/red/);
});

test('a negative trend is shown as -n% in red', () => {
  render(
    <StatCard
      title="Videos"
      value="892"
      description="seit gestern"
      icon={Newspaper}
      trend={{ value: 2.1, isPositive: false }}
    />,
  );
  const trend = screen.getByTestId('stat-trend');
  expect(trend).toHaveTextContent('-2.1%');
  expect(trend.className).toMatch(/red/);
  expect(trend.className).not.toMatch(/emerald/);
});

test('the sign follows isPositive, not the sign of the value', () => {
  expect(formatTrend({ value: -5, isPositive: true })).toBe('+5%');
  expect(formatTrend({ value: 5, isPositive: false })).toBe('-5%');
});

test('title, value, description and children; no trend shown when none is given', () => {
  render(
    <StatCard title="Live Streams" value="3" description="Aktive Übertragungen" icon={Newspaper}>
      <span>extra content</span>
    </StatCard>,
  );
  expect(screen.getByRole('heading', { name: 'Live Streams' })).toBeInTheDocument();
  expect(screen.getByText('3')).toBeInTheDocument();
  expect(screen.getByText('Aktive Übertragungen')).toBeInTheDocument();
  expect(screen.getByText('extra content')).toBeInTheDocument();
  expect(screen.queryByTestId('stat-trend')).toBeNull();
});
