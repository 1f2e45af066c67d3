import { ComingSoon } from '../../../components/ComingSoon';
import type { SeasonPageProps } from '../subpages';

export default function JoinPage(_props: SeasonPageProps) {
  return <ComingSoon />;
}
