import { BadRequestException, Controller, Get, Logger, Param, Req, Res } from '@nestjs/common';
import { isValidId } from '@corbeille/kernel';
import { ANONYMOUS, type Principal } from '../access/access.port';
import { isPrincipal } from '../common/principal/authenticator';
import { toHttpException } from '../identity/http/http-errors';
import { GameExportService } from './game-export.service';

interface ExportRequest {
  readonly principal?: unknown;
}

interface ExportResponse {
  setHeader(name: string, value: string): void;
  write(chunk: string): boolean;
  once(event: 'drain', listener: () => void): unknown;
  end(): void;
  destroy(error?: Error): void;
  readonly destroyed: boolean;
}

/** `GET /games/:gameId/export.ndjson`: the game as a portable file (see GameExportService), for whoever may read its events. */
@Controller('games/:gameId')
export class GameExportController {
  private readonly logger = new Logger('GameExport');

  constructor(private readonly exports: GameExportService) {}

  @Get('export.ndjson')
  async ndjson(@Param('gameId') gameId: string, @Req() request: ExportRequest, @Res() response: ExportResponse): Promise<void> {
    if (!isValidId(gameId)) throw new BadRequestException('A game id is a UUID or a short name of letters, digits, "-" and "_"');
    const principal: Principal = isPrincipal(request.principal) ? request.principal : ANONYMOUS;
    let lines: AsyncGenerator<string>;
    try {
      lines = await this.exports.open(principal, gameId);
    } catch (error) {
      throw toHttpException(error);
    }
    response.setHeader('content-type', 'application/x-ndjson; charset=utf-8');
    response.setHeader('content-disposition', `attachment; filename="${gameId}.ndjson"`);
    try {
      for await (const text of lines) {
        if (response.destroyed) return;
        // Waits for the client to take what was written: a long game does not pile up in memory.
        if (!response.write(text)) await new Promise<void>((resolve) => response.once('drain', resolve));
      }
      response.end();
    } catch (error) {
      // The status is sent already: the file is cut short, which the verifier reports as truncated.
      this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      response.destroy(error instanceof Error ? error : undefined);
    }
  }
}
