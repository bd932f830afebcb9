import type { RandomSource } from '@corbeille/kernel';
import type { BolsaLegalActionView, MarkerInput } from './bolsa-operations';

export type BotMove = { readonly kind: 'plan'; readonly markers: MarkerInput[] } | { readonly kind: 'card'; readonly cardId: string };

/**
 * A bot that only knows what the API told it: the legal action's bounds. It places one to five markers
 * at random, never selling more than it may nor buying and selling the same company.
 */
export function chooseBotMove(action: BolsaLegalActionView, random: RandomSource): BotMove | undefined {
  switch (action.type) {
    case 'SUBMIT_PLAN': {
      const sellable = new Map(action.sellable.map((entry) => [entry.company, entry.shares]));
      const selling = new Map<string, number>();
      const buying = new Map<string, number>();
      const markers: MarkerInput[] = [];
      const count = random.int(1, action.maxMarkers ?? 0);
      for (let marker = 0; marker < count; marker += 1) {
        const choices: (() => MarkerInput)[] = [() => ({ action: 'NEWSPAPER' })];
        for (const [company, most] of sellable) {
          const sold = selling.get(company) ?? 0;
          if (!buying.has(company) && sold < most) choices.push(() => (selling.set(company, sold + 1), { action: 'SELL', company }));
        }
        for (const company of action.buyable) {
          if (!selling.has(company)) choices.push(() => (buying.set(company, (buying.get(company) ?? 0) + 1), { action: 'BUY', company }));
        }
        const choose = choices[random.int(0, choices.length - 1)];
        if (choose) markers.push(choose());
      }
      return { kind: 'plan', markers };
    }
    case 'CHOOSE_NEWSPAPER_CARD': {
      const card = action.cards[random.int(0, action.cards.length - 1)];
      return card ? { kind: 'card', cardId: card.id } : undefined;
    }
    case 'JOIN_GAME':
    case 'START_GAME':
      return undefined;
    default:
      return undefined;
  }
}
