import { BadRequestException, Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { isValidId } from '@corbeille/kernel';
import { GAME_TYPES, type GameType, type TradeSide } from '@corbeille/identity';
import { ANONYMOUS, type Principal } from '../../access/access.port';
import { isPrincipal } from '../../common/principal/authenticator';
import type { ClassExportModel } from '../models/class-audit.model';
import { ClassAuditService, type ClassTradeFilter } from '../services/class-audit.service';
import { toHttpException } from './http-errors';

interface ExportRequest {
  readonly principal?: unknown;
}

interface ExportResponse {
  setHeader(name: string, value: string): void;
  send(body: string): void;
}

type QueryValue = string | string[] | undefined;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
const COMPANY = /^[A-Za-z0-9_-]{1,40}$/;

/**
 * `GET /classes/:classId/trades.csv` (filters as query parameters: `student`, `game`, `gameType`,
 * `company`, `type=buy|sell`, `from`, `to` (ISO-8601), `flagged=true`) and `GET /classes/:classId/notes.csv`,
 * with the same `Authorization` header as GraphQL.
 */
@Controller('classes/:classId')
export class ClassExportController {
  constructor(private readonly audit: ClassAuditService) {}

  @Get('trades.csv')
  trades(
    @Param('classId') classId: string,
    @Query() query: Readonly<Record<string, QueryValue>>,
    @Req() request: ExportRequest,
    @Res() response: ExportResponse,
  ): Promise<void> {
    if (!isValidId(classId)) throw new BadRequestException('The class id must be a UUID or a slug');
    const filter = tradeFilter(query);
    return send(response, () => this.audit.tradesExport(principalOf(request), classId, filter));
  }

  @Get('notes.csv')
  notes(@Param('classId') classId: string, @Req() request: ExportRequest, @Res() response: ExportResponse): Promise<void> {
    if (!isValidId(classId)) throw new BadRequestException('The class id must be a UUID or a slug');
    return send(response, () => this.audit.notesExport(principalOf(request), classId));
  }
}

async function send(response: ExportResponse, exporting: () => Promise<ClassExportModel>): Promise<void> {
  try {
    const exported = await exporting();
    response.setHeader('content-type', exported.contentType);
    response.setHeader('content-disposition', `attachment; filename="${exported.filename}"`);
    response.send(exported.content);
  } catch (error) {
    throw toHttpException(error);
  }
}

function principalOf(request: ExportRequest): Principal {
  return isPrincipal(request.principal) ? request.principal : ANONYMOUS;
}

function tradeFilter(query: Readonly<Record<string, QueryValue>>): ClassTradeFilter {
  const one = (name: string): string | undefined => {
    const value = query[name];
    if (Array.isArray(value)) throw new BadRequestException(`Give ${name} at most once`);
    return value === undefined || value === '' ? undefined : value;
  };
  const id = (name: string) => {
    const value = one(name);
    if (value !== undefined && !isValidId(value)) throw new BadRequestException(`${name} must be a UUID or a slug`);
    return value;
  };
  const instant = (name: string) => {
    const value = one(name);
    if (value !== undefined && (!ISO_INSTANT.test(value) || Number.isNaN(Date.parse(value)))) throw new BadRequestException(`${name} must be an ISO-8601 time`);
    return value;
  };
  const rawGameType = one('gameType');
  const gameType: GameType | undefined = GAME_TYPES.find((known) => known === rawGameType);
  if (rawGameType !== undefined && gameType === undefined) throw new BadRequestException(`gameType must be one of ${GAME_TYPES.join(', ')}`);
  const rawType = one('type')?.toLowerCase();
  const type: TradeSide | undefined = rawType === 'buy' || rawType === 'sell' ? rawType : undefined;
  if (rawType !== undefined && type === undefined) throw new BadRequestException('type must be buy or sell');
  const company = one('company');
  if (company !== undefined && !COMPANY.test(company)) throw new BadRequestException('company must be a company name, e.g. GOLD');
  const flagged = one('flagged');
  if (flagged !== undefined && flagged !== 'true' && flagged !== 'false') throw new BadRequestException('flagged must be true or false');
  return {
    studentId: id('student') ?? null,
    gameId: id('game') ?? null,
    gameType: gameType ?? null,
    company: company ?? null,
    type: type ?? null,
    from: instant('from') ?? null,
    to: instant('to') ?? null,
    flaggedOnly: flagged === 'true',
  };
}
