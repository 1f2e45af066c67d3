import { installFastShanten } from '../src/shanten/install';
import { refereeGuyiFile } from './support/guyi-referee';

installFastShanten();

// 1000 seeded guyi_mode games in four files of 250 (support/guyi-referee.ts).
refereeGuyiFile(500, 250);
