import { BadRequestException, Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { isValidId } from '@corbeille/kernel';
import type { SeasonExportPart } from '@corbeille/identity';
import { ANONYMOUS, type Principal } from '../../access/access.port';
import { isPrincipal } from '../../common/principal/authenticator';
import type { SeasonExportFormatValue } from '../models/identity-enums';
import { LeagueViewsService } from '../services/league-views.service';
import { toHttpException } from './http-errors';

interface ExportRequest {
  readonly principal?: unknown;
}

interface ExportResponse {
  setHeader(name: string, value: string): void;
  send(body: string): void;
}

const PARTS: readonly SeasonExportPart[] = ['all', 'standings', 'results'];

/** `GET /leagues/:leagueId/seasons/:seasonId/export.csv` (and `.json`), `?part=standings|results`, for members. */
@Controller('leagues/:leagueId/seasons/:seasonId')
export class SeasonExportController {
  constructor(private readonly views: LeagueViewsService) {}

  @Get('export.csv')
  csv(@Param('leagueId') leagueId: string, @Param('seasonId') seasonId: string, @Query('part') part: unknown, @Req() request: ExportRequest, @Res() response: ExportResponse) {
    return this.send('csv', leagueId, seasonId, part, request, response);
  }

  @Get('export.json')
  json(@Param('leagueId') leagueId: string, @Param('seasonId') seasonId: string, @Query('part') part: unknown, @Req() request: ExportRequest, @Res() response: ExportResponse) {
    return this.send('json', leagueId, seasonId, part, request, response);
  }

  private async send(
    format: SeasonExportFormatValue,
    leagueId: string,
    seasonId: string,
    part: unknown,
    request: ExportRequest,
    response: ExportResponse,
  ): Promise<void> {
    if (!isValidId(leagueId) || !isValidId(seasonId)) throw new BadRequestException('Ids must be UUIDs or slugs');
    const chosen = part === undefined ? 'all' : PARTS.find((candidate) => candidate === part);
    if (chosen === undefined) throw new BadRequestException(`part must be one of ${PARTS.join(', ')}`);
    const principal: Principal = isPrincipal(request.principal) ? request.principal : ANONYMOUS;
    try {
      const exported = await this.views.export(principal, seasonId, format, chosen, leagueId);
      response.setHeader('content-type', exported.contentType);
      response.setHeader('content-disposition', `attachment; filename="${exported.filename}"`);
      response.send(exported.content);
    } catch (error) {
      throw toHttpException(error);
    }
  }
}
