import { ComingSoon } from '../../../components/ComingSoon';
import type { SeasonPageProps } from '../subpages';

export default function SeasonInfoPage(_props: SeasonPageProps) {
  return <ComingSoon />;
}
