import { SeasonState } from '@taikai/protocol';
import Alert from 'antd/es/alert';
import Anchor from 'antd/es/anchor';
import Space from 'antd/es/space';
import { useTranslation } from 'react-i18next';
import { useContestRights } from '../../contest/rights';
import type { SeasonPageProps } from '../pageProps';
import { BlacklistSection } from './BlacklistSection';
import { RosterSection } from './RosterSection';

/** The sticky header's height: anchors land below it. */
const HEADER_OFFSET = 80;

/** Roster page (spec §2): the season roster and, below it, the season blacklist; an anchor menu to each. */
export default function UserPage({ contest, season }: SeasonPageProps) {
  const { t } = useTranslation();
  const readOnly = season.state === SeasonState.ENDED;
  // Why a section cannot be changed: the season has ended, or the viewer's role does not allow it.
  const rights = useContestRights(contest);
  const lockedBy = (action: 'manageRoster' | 'manageBlacklist') =>
    readOnly ? t('players.endedReason') : rights.why(action);
  const rosterLocked = lockedBy('manageRoster');
  const blacklistLocked = lockedBy('manageBlacklist');
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="roster-page">
      <div style={{ background: '#fff', borderRadius: 8, padding: '4px 16px' }}>
        <Anchor
          data-testid="roster-anchor"
          direction="horizontal"
          affix={false}
          targetOffset={HEADER_OFFSET}
          onClick={(e) => e.preventDefault()}
          items={[
            {
              key: 'roster',
              href: '#season-roster',
              title: <span data-testid="anchor-roster">{t('roster.anchorRoster')}</span>,
            },
            {
              key: 'blacklist',
              href: '#season-blacklist',
              title: <span data-testid="anchor-blacklist">{t('roster.anchorBlacklist')}</span>,
            },
          ]}
        />
      </div>
      {readOnly && (
        <Alert type="info" showIcon title={t('players.readOnly')} data-testid="roster-read-only" />
      )}
      <RosterSection contest={contest} season={season} readOnlyReason={rosterLocked} />
      <BlacklistSection contest={contest} season={season} readOnlyReason={blacklistLocked} />
    </Space>
  );
}
