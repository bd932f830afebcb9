import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { Principal } from '../../access/access.port';
import { offsetAfter } from '../../common/pagination/connection.model';
import { CurrentPrincipal } from '../../common/principal/current-principal.decorator';
import {
  AnnotateTradeInput,
  ClassFlagsArgs,
  ClassIdArgs,
  ClassTradesArgs,
  ClassTradesExportArgs,
  RecordTradeRationaleInput,
  TradeAnnotationsArgs,
  TradeJournalArgs,
} from '../dtos/class-audit.inputs';
import {
  ClassExportModel,
  ClassFlagModel,
  ClassTradeConnectionModel,
  TradeAnnotationConnectionModel,
  TradeAnnotationModel,
  TradeRationaleConnectionModel,
  TradeRationaleModel,
} from '../models/class-audit.model';
import { CLASS_TRADE_CURSOR, ClassAuditService, TRADE_ANNOTATION_CURSOR, TRADE_RATIONALE_CURSOR } from '../services/class-audit.service';
import { TradeNotesService } from '../services/trade-notes.service';

/** A class's trade audit, its flags, and the notes teachers and students write about trades. */
@Resolver()
export class ClassAuditResolver {
  constructor(
    private readonly audit: ClassAuditService,
    private readonly notes: TradeNotesService,
  ) {}

  @Query(() => ClassTradeConnectionModel, {
    description: "Every trade at the class's tables, in log order (teachers; a student sees their own). Filters combine.",
  })
  classTrades(@CurrentPrincipal() principal: Principal, @Args() args: ClassTradesArgs): Promise<ClassTradeConnectionModel> {
    return this.audit.trades(principal, args.classId, args.filter ?? {}, offsetAfter(CLASS_TRADE_CURSOR, args.after), args.first);
  }

  @Query(() => ClassExportModel, { description: 'The trades `classTrades` would list with this filter, as CSV (also `GET /classes/:id/trades.csv`).' })
  classTradesExport(@CurrentPrincipal() principal: Principal, @Args() args: ClassTradesExportArgs): Promise<ClassExportModel> {
    return this.audit.tradesExport(principal, args.classId, args.filter ?? {});
  }

  @Query(() => [ClassFlagModel], { description: "Patterns of the class's trades and plans a teacher may want to look at (teachers only)." })
  classFlags(@CurrentPrincipal() principal: Principal, @Args() args: ClassFlagsArgs): Promise<ClassFlagModel[]> {
    return this.audit.flags(principal, args.classId, { minDeviationPercent: args.minDeviationPercent, minPenalties: args.minPenalties });
  }

  @Query(() => TradeAnnotationConnectionModel, { description: "The teachers' annotations, oldest first (teachers only)." })
  tradeAnnotations(@CurrentPrincipal() principal: Principal, @Args() args: TradeAnnotationsArgs): Promise<TradeAnnotationConnectionModel> {
    return this.audit.annotations(
      principal,
      args.classId,
      { tradeId: args.tradeId ?? null, studentId: args.studentId ?? null },
      offsetAfter(TRADE_ANNOTATION_CURSOR, args.after),
      args.first,
    );
  }

  @Query(() => TradeRationaleConnectionModel, { description: "The students' trade journal (teachers see every student's; a student, their own)." })
  tradeJournal(@CurrentPrincipal() principal: Principal, @Args() args: TradeJournalArgs): Promise<TradeRationaleConnectionModel> {
    return this.audit.journal(principal, args.classId, args.studentId ?? null, offsetAfter(TRADE_RATIONALE_CURSOR, args.after), args.first);
  }

  @Query(() => ClassExportModel, { description: 'Annotations and rationales, in the order they were written, as CSV (teachers only; also `GET /classes/:id/notes.csv`).' })
  classNotesExport(@CurrentPrincipal() principal: Principal, @Args() args: ClassIdArgs): Promise<ClassExportModel> {
    return this.audit.notesExport(principal, args.classId);
  }

  @Mutation(() => TradeAnnotationModel, { nullable: true, description: "Annotates a trade of the class's games: a comment, a flag, a rubric score (teachers only)." })
  annotateTrade(@CurrentPrincipal() principal: Principal, @Args('input') input: AnnotateTradeInput): Promise<TradeAnnotationModel> {
    return this.notes.annotate(principal, input);
  }

  @Mutation(() => TradeRationaleModel, { nullable: true, description: 'Writes why you made one of your trades (your trade journal); writing again replaces it.' })
  recordTradeRationale(@CurrentPrincipal() principal: Principal, @Args('input') input: RecordTradeRationaleInput): Promise<TradeRationaleModel> {
    return this.notes.recordRationale(principal, input);
  }
}
