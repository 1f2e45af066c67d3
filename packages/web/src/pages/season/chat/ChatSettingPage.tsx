import { ComingSoon } from '../../../components/ComingSoon';
import type { SeasonPageProps } from '../subpages';

export default function ChatSettingPage(_props: SeasonPageProps) {
  return <ComingSoon />;
}
