import { Module } from '@nestjs/common';
import { GamesModule } from '../games/games.module';
import { GameExportController } from './game-export.controller';
import { GameExportService } from './game-export.service';

@Module({ imports: [GamesModule], controllers: [GameExportController], providers: [GameExportService] })
export class GameExportModule {}
