import { browsersModule } from './browsers/routes';
import { computerModule } from './computer/routes';
import type { EngineModule } from './context';

/** The engine's resources, in start-up order (later modules may use the services of earlier ones). */
export const modules: EngineModule[] = [browsersModule, computerModule];
