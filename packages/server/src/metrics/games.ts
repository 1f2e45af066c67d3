import { Gauge, Histogram, type Registry } from 'prom-client';
import type { GameHost } from '../games/host';

/** Decision wait buckets (seconds): a script answers in milliseconds, a player in seconds. */
const DECISION_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40];

/**
 * The game host's metrics, all of this process: tables running, signed-in player links and season event streams
 * open (read when scraped), and how long decisions wait for their answer.
 */
export function gameMetrics(host: GameHost, registry: Registry): void {
  new Gauge({
    name: 'taikai_running_tables',
    help: 'Tables this process is running (sum over processes for the deployment)',
    registers: [registry],
    collect() {
      this.set(host.runningCount);
    },
  });
  new Gauge({
    name: 'taikai_player_links_open',
    help: 'Signed-in player links open on this process',
    registers: [registry],
    collect() {
      this.set(host.live.openLinks);
    },
  });
  new Gauge({
    name: 'taikai_season_streams_open',
    help: 'Season event streams open on this process',
    registers: [registry],
    collect() {
      this.set(host.live.openStreams);
    },
  });
  const decisions = new Histogram({
    name: 'taikai_decision_seconds',
    help: "Time from a table asking a player's seat to decide to the player's answer reaching the table",
    buckets: DECISION_BUCKETS,
    registers: [registry],
  });
  host.timeDecisions((seconds) => decisions.observe(seconds));
}
