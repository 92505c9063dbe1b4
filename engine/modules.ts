import { browsersModule } from './browsers/routes';
import { computerModule } from './computer/routes';
import type { EngineModule } from './context';
import { fsModule } from './fs/routes';
import { poolsModule } from './pools/routes';
import { processModule } from './process/routes';
import { proxiesModule } from './proxies/routes';

/** The engine's resources, in start-up order (later modules may use the services of earlier ones). */
export const modules: EngineModule[] = [browsersModule, proxiesModule, poolsModule, fsModule, computerModule, processModule];
