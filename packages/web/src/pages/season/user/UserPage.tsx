import { ComingSoon } from '../../../components/ComingSoon';
import type { SeasonPageProps } from '../subpages';

export default function UserPage(_props: SeasonPageProps) {
  return <ComingSoon />;
}
