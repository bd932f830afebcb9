import type { CardSeries } from './board';

/**
 * The five card series, 32 cards each (decisions.md: written by the project as data). Price moves
 * are multiples of 10 $; payments are in $. The rulebook's own examples are among them:
 * RU-01 (Coca-Cola +60 $), SP-01 (the television channel), SP-02 (the American-style campaign).
 */

export type CardEffect =
  /** The quotation of one company moves by `delta` $ (III.4, III.5). */
  | { readonly kind: 'companyPrice'; readonly company: string; readonly delta: number }
  /** Every company of the sector moves by `delta` $. */
  | { readonly kind: 'sectorPrice'; readonly sector: string; readonly delta: number }
  /** The bank pays the player (II.1). */
  | { readonly kind: 'receive'; readonly amount: number }
  /** The player pays the bank, selling shares if cash is short (II.1). */
  | { readonly kind: 'pay'; readonly amount: number }
  /** The player sells shares for at least `amount` $ and spends that amount (III.6). */
  | { readonly kind: 'sellShares'; readonly amount: number };

export interface CardDefinition {
  readonly id: string;
  readonly series: CardSeries;
  readonly text: string;
  readonly effects: readonly CardEffect[];
}

const company = (id: string, delta: number): CardEffect => ({ kind: 'companyPrice', company: id, delta });
const sector = (id: string, delta: number): CardEffect => ({ kind: 'sectorPrice', sector: id, delta });
const receive = (amount: number): CardEffect => ({ kind: 'receive', amount });
const pay = (amount: number): CardEffect => ({ kind: 'pay', amount });
const sell = (amount: number): CardEffect => ({ kind: 'sellShares', amount });

function series(prefix: string, name: CardSeries, cards: readonly (readonly [string, readonly CardEffect[]])[]): CardDefinition[] {
  return cards.map(([text, effects], index) => ({
    id: `${prefix}-${String(index + 1).padStart(2, '0')}`,
    series: name,
    text,
    effects,
  }));
}

export const stockExchangeCards = series('SE', 'STOCK_EXCHANGE', [
  ['Your broker made a mistake in your favour. The bank pays you 200,000 $.', [receive(200_000)]],
  ['Custody fees on your portfolio: pay 100,000 $ to the bank.', [pay(100_000)]],
  ['Tax credit on your dividends: the bank pays you 150,000 $.', [receive(150_000)]],
  ['The stock market operations commission fines you for a late declaration: pay 200,000 $.', [pay(200_000)]],
  ['Bonus issue at Peugeot. PEUGEOT = +50 $.', [company('PEUGEOT', 50)]],
  ['Profit warning at Olivetti. OLIVETTI = -40 $.', [company('OLIVETTI', -40)]],
  ['Bank shares are in demand. All BANKS = +30 $.', [sector('BANKS', 30)]],
  ['Oil glut on the markets. All ENERGY = -30 $.', [sector('ENERGY', -30)]],
  ['You win the stock-picking contest of a financial weekly. The bank pays you 300,000 $.', [receive(300_000)]],
  ['Your stockbroker sends his fees: pay 150,000 $.', [pay(150_000)]],
  ['Record net profit at IBM. IBM = +60 $.', [company('IBM', 60)]],
  ['Disappointing balance sheet at Havas. HAVAS = -30 $.', [company('HAVAS', -30)]],
  ['Your consolidated accounts are certified early. The bank pays you 100,000 $.', [receive(100_000)]],
  ['You attend a general meeting far away: travel costs 50,000 $.', [pay(50_000)]],
  ['Capital increase at Bouygues is a success. BOUYGUES = +40 $.', [company('BOUYGUES', 40)]],
  ['Takeover bid rumours at Nestlé are denied. NESTLE = -50 $.', [company('NESTLE', -50)]],
  ['Car sales at an all-time high. All AUTOMOBILE = +20 $.', [sector('AUTOMOBILE', 20)]],
  ['Price war in detergents. All COSMETICS_AND_DETERGENTS = -20 $.', [sector('COSMETICS_AND_DETERGENTS', -20)]],
  ['Your yield beats the index: the bank pays you 250,000 $.', [receive(250_000)]],
  ['Your statutory auditors send their bill: pay 100,000 $.', [pay(100_000)]],
  ['Sony launches a pocket marvel. SONY = +50 $.', [company('SONY', 50)]],
  ['Strikes at Wagons-Lits. WAGONS_LITS = -30 $.', [company('WAGONS_LITS', -30)]],
  ['Immediate settlement of an old claim: the bank pays you 50,000 $.', [receive(50_000)]],
  ['Insider trading inquiry: you pay 300,000 $ in legal costs.', [pay(300_000)]],
  ['Computing orders pour in. All COMPUTING = +30 $.', [sector('COMPUTING', 30)]],
  ['Tourism season ruined by storms. All SERVICES = -20 $.', [sector('SERVICES', -20)]],
  ['Director of the year: the bank pays you 200,000 $.', [receive(200_000)]],
  ['Kodak loses a patent case. KODAK = -40 $.', [company('KODAK', -40)]],
  ['Deutsche Bank beats forecasts. DEUTSCHE_BANK = +40 $.', [company('DEUTSCHE_BANK', 40)]],
  ['Chemical plant accident. All CHEMICALS = -30 $.', [sector('CHEMICALS', -30)]],
  ['Your portfolio manager retires with a bonus: pay 80,000 $.', [pay(80_000)]],
  ['The stock market has its best day of the year. The bank pays you 100,000 $.', [receive(100_000)]],
]);

export const domesticPoliticsCards = series('DP', 'DOMESTIC_POLITICS', [
  ['The government privatises telecoms equipment. CGE = +50 $.', [company('CGE', 50)]],
  ['New tax on fuel. All ENERGY = -20 $.', [sector('ENERGY', -20)]],
  ['Motorway building programme voted. BOUYGUES = +60 $.', [company('BOUYGUES', 60)]],
  ['Defence budget cut. MATRA = -50 $.', [company('MATRA', -50)]],
  ['Scrapping bonus for old cars. All AUTOMOBILE = +30 $.', [sector('AUTOMOBILE', 30)]],
  ['Credit controls tightened. All BANKS = -20 $.', [sector('BANKS', -20)]],
  ['Paid holidays extended by a week. CLUB_MED = +40 $.', [company('CLUB_MED', 40)]],
  ['Advertising on public television banned. HAVAS = -40 $.', [company('HAVAS', -40)]],
  ['Plan to equip every school with computers. THOMSON = +40 $.', [company('THOMSON', 40)]],
  ['Price freeze on food. BSN = -30 $.', [company('BSN', -30)]],
  ['Tax relief on luxury exports. MOET_VUITTON = +50 $.', [company('MOET_VUITTON', 50)]],
  ['General strike. All SERVICES = -30 $.', [sector('SERVICES', -30)]],
  ['Nuclear programme relaunched. CGE = +30 $.', [company('CGE', 30)]],
  ['Rail strike. WAGONS_LITS = -40 $.', [company('WAGONS_LITS', -40)]],
  ['Cosmetics VAT cut. LOREAL = +40 $.', [company('LOREAL', 40)]],
  ['New rules against pollution. All CHEMICALS = -20 $.', [sector('CHEMICALS', -20)]],
  ['Large public works contracts signed. BOUYGUES = +30 $.', [company('BOUYGUES', 30)]],
  ['Elections: the markets fear the result. All BANKS = -30 $.', [sector('BANKS', -30)]],
  ['The state buys new radars. THOMSON = +30 $.', [company('THOMSON', 30)]],
  ['Refinery closed by court order. ELF = -40 $.', [company('ELF', -40)]],
  ['Cheap loans for home equipment. All ELECTRONICS = +20 $.', [sector('ELECTRONICS', 20)]],
  ['Speed limits lowered. PEUGEOT = -30 $.', [company('PEUGEOT', -30)]],
  ['Record harvest. BSN = +30 $.', [company('BSN', 30)]],
  ['Holiday vouchers scheme abandoned. CLUB_MED = -30 $.', [company('CLUB_MED', -30)]],
  ['Stamp duty on share deals abolished. All BANKS = +20 $.', [sector('BANKS', 20)]],
  ['Tax on detergents with phosphates. COLGATE_PALMOLIVE = -30 $.', [company('COLGATE_PALMOLIVE', -30)]],
  ['New satellite programme. MATRA = +60 $.', [company('MATRA', 60)]],
  ['Petrol rationing threatened. All AUTOMOBILE = -20 $.', [sector('AUTOMOBILE', -20)]],
  ['Heavy investment in computing at the ministries. All COMPUTING = +20 $.', [sector('COMPUTING', 20)]],
  ['Luxury tax raised. MOET_VUITTON = -40 $.', [company('MOET_VUITTON', -40)]],
  ['Elf wins the North Sea licences. ELF = +40 $.', [company('ELF', 40)]],
  ['Regional airports opened to competition. All SERVICES = +20 $.', [sector('SERVICES', 20)]],
]);

export const internationalPoliticsCards = series('IP', 'INTERNATIONAL_POLITICS', [
  ['Oil embargo in the Gulf. All ENERGY = +40 $.', [sector('ENERGY', 40)]],
  ['Trade war with Japan. TOYOTA = -40 $.', [company('TOYOTA', -40)]],
  ['East-West detente. All BANKS = +20 $.', [sector('BANKS', 20)]],
  ['The dollar collapses. GENERAL_MOTORS = -30 $.', [company('GENERAL_MOTORS', -30)]],
  ['Summit of the industrial nations is a success. All ELECTRONICS = +20 $.', [sector('ELECTRONICS', 20)]],
  ['American import quotas on cars. All AUTOMOBILE = -30 $.', [sector('AUTOMOBILE', -30)]],
  ['China opens to western goods. COCA_COLA = +40 $.', [company('COCA_COLA', 40)]],
  ['Hijackings multiply. TWA = -50 $.', [company('TWA', -50)]],
  ['The yen soars. SONY = +40 $.', [company('SONY', 40)]],
  ['Swiss banking secrecy under pressure. UBS = -40 $.', [company('UBS', -40)]],
  ['Europe harmonises its markets. All FOOD_AND_LUXURY = +20 $.', [sector('FOOD_AND_LUXURY', 20)]],
  ['Tanker sinks off the coast. SHELL = -40 $.', [company('SHELL', -40)]],
  ['Open skies agreement signed. TWA = +50 $.', [company('TWA', 50)]],
  ['Japanese export restraint. MITSUBISHI = -30 $.', [company('MITSUBISHI', -30)]],
  ['Pound sterling strengthens. BARCLAYS = +30 $.', [company('BARCLAYS', 30)]],
  ['Crisis in the British car industry. BRITISH_LEYLAND = -50 $.', [company('BRITISH_LEYLAND', -50)]],
  ['German reunification talks. DEUTSCHE_BANK = +50 $.', [company('DEUTSCHE_BANK', 50)]],
  ['World recession feared. All COMPUTING = -20 $.', [sector('COMPUTING', -20)]],
  ['New gas field shared with Norway. BP = +40 $.', [company('BP', 40)]],
  ['Anti-dumping duties on film. FUJI = -40 $.', [company('FUJI', -40)]],
  ['Italian government stabilised. FIAT = +40 $.', [company('FIAT', 40)]],
  ['Developing countries default on their debts. CHASE_MANHATTAN = -50 $.', [company('CHASE_MANHATTAN', -50)]],
  ['Olympic Games bring record audiences. All SERVICES = +30 $.', [sector('SERVICES', 30)]],
  ['Dutch guilder revalued. PHILIPS = -30 $.', [company('PHILIPS', -30)]],
  ['Volkswagen signs a deal with China. VOLKSWAGEN = +50 $.', [company('VOLKSWAGEN', 50)]],
  ['Tariff war on luxury goods. All FOOD_AND_LUXURY = -20 $.', [sector('FOOD_AND_LUXURY', -20)]],
  ['Nuclear plant sales to Asia. AEG = +40 $.', [company('AEG', 40)]],
  ['Chemical weapons treaty. All CHEMICALS = +20 $.', [sector('CHEMICALS', 20)]],
  ['Boycott of an American brand abroad. KODAK = -30 $.', [company('KODAK', -30)]],
  ['Common market for cosmetics. UNILEVER = +40 $.', [company('UNILEVER', 40)]],
  ['Tension in the Middle East. All ENERGY = -30 $.', [sector('ENERGY', -30)]],
  ['Free trade agreement across the Atlantic. IBM = +30 $.', [company('IBM', 30)]],
]);

export const rumourCards = series('RU', 'RUMOURS', [
  ['After an unprecedented brawl, COCA COLA becomes the exclusive supplier of the Chinese State for 99 years. COCA COLA = +60 $.', [company('COCA_COLA', 60)]],
  ['Sony is said to be preparing a revolutionary video disc. SONY = +50 $.', [company('SONY', 50)]],
  ['A takeover bid on Fiat is imminent. FIAT = +60 $.', [company('FIAT', 60)]],
  ['Peugeot is said to be hiding heavy losses. PEUGEOT = -50 $.', [company('PEUGEOT', -50)]],
  ['IBM is about to win the contract of the century. IBM = +70 $.', [company('IBM', 70)]],
  ["L'Oréal's new cream is said to cause rashes. LOREAL = -40 $.", [company('LOREAL', -40)]],
  ['Shell has found oil under the Channel. SHELL = +50 $.', [company('SHELL', 50)]],
  ['TWA is said to be close to bankruptcy. TWA = -60 $.', [company('TWA', -60)]],
  ['Matra is said to have sold its missiles abroad. MATRA = +40 $.', [company('MATRA', 40)]],
  ['A scandal brews at Barclay\'s Bank. BARCLAYS = -40 $.', [company('BARCLAYS', -40)]],
  ['Nestlé is buying a chocolate empire. NESTLE = +40 $.', [company('NESTLE', 40)]],
  ['Canon is behind in the copier race. CANON = -30 $.', [company('CANON', -30)]],
  ['Toyota will build a plant in Europe. TOYOTA = +50 $.', [company('TOYOTA', 50)]],
  ['Kodak missed the digital turn. KODAK = -50 $.', [company('KODAK', -50)]],
  ['Esso is said to be selling its stations at a high price. ESSO = +40 $.', [company('ESSO', 40)]],
  ['Club Méditerranée villages are half empty. CLUB_MED = -40 $.', [company('CLUB_MED', -40)]],
  ['Philips is working on a new sound disc. PHILIPS = +60 $.', [company('PHILIPS', 60)]],
  ['General Motors is recalling a million cars. GENERAL_MOTORS = -40 $.', [company('GENERAL_MOTORS', -40)]],
  ['BASF has a miracle fertiliser. BASF = +50 $.', [company('BASF', 50)]],
  ['Olivetti is said to be for sale. OLIVETTI = +40 $.', [company('OLIVETTI', 40)]],
  ['Unilever is said to be losing market share. UNILEVER = -30 $.', [company('UNILEVER', -30)]],
  ['Mitsubishi wins a huge order for ships. MITSUBISHI = +50 $.', [company('MITSUBISHI', 50)]],
  ['Havas is said to lose its biggest client. HAVAS = -50 $.', [company('HAVAS', -50)]],
  ['Bouygues is favourite for the Channel tunnel. BOUYGUES = +70 $.', [company('BOUYGUES', 70)]],
  ['Elf is said to be paying large commissions abroad. ELF = -50 $.', [company('ELF', -50)]],
  ['TDK will supply every video recorder in Japan. TDK = +50 $.', [company('TDK', 50)]],
  ['Moët-Vuitton: the heirs are quarrelling. MOET_VUITTON = -60 $.', [company('MOET_VUITTON', -60)]],
  ['Thomson is said to win the high-definition television contract. THOMSON = +60 $.', [company('THOMSON', 60)]],
  ['Volkswagen is said to have cooked its figures. VOLKSWAGEN = -60 $.', [company('VOLKSWAGEN', -60)]],
  ['Union des Banques Suisses will manage a sheik\'s fortune. UBS = +50 $.', [company('UBS', 50)]],
  ['British Leyland is said to be nationalised. BRITISH_LEYLAND = +40 $.', [company('BRITISH_LEYLAND', 40)]],
  ['Colgate Palmolive toothpaste fails its tests. COLGATE_PALMOLIVE = -40 $.', [company('COLGATE_PALMOLIVE', -40)]],
]);

export const strictlyPersonalCards = series('SP', 'STRICTLY_PERSONAL', [
  [
    'To please your spouse, who finds television programmes appalling, you decide to buy a television channel turnkey. You sell 750,000 $ of shares to own it, and also sell 300,000 $ to keep the stars who threaten to leave. You sell a total of 1,050,000 $ of shares.',
    [sell(1_050_000)],
  ],
  [
    'You go into politics, run an American-style campaign! You hire a staff of communication consultants, each more expensive than the last, and, to cap the absurdity, you appear on television in pyjamas. The polls tell you that you are only 47% short of being elected. You decide to sell 500,000 $ of shares to buy yourself a made-to-measure poll.',
    [sell(500_000)],
  ],
  ['You inherit from an uncle in America. The bank pays you 500,000 $.', [receive(500_000)]],
  ['You buy a racing stable. Sell 400,000 $ of shares.', [sell(400_000)]],
  ['Your yacht needs a new mast: pay 150,000 $.', [pay(150_000)]],
  ['You win at the casino in Monte Carlo. The bank pays you 200,000 $.', [receive(200_000)]],
  ['You buy a castle in the Loire valley. Sell 600,000 $ of shares.', [sell(600_000)]],
  ['Your divorce settlement: pay 300,000 $.', [pay(300_000)]],
  ['You sell your memoirs to a publisher. The bank pays you 100,000 $.', [receive(100_000)]],
  ['You sponsor a round-the-world yacht race. Sell 300,000 $ of shares.', [sell(300_000)]],
  ['Tax inspection: pay 250,000 $.', [pay(250_000)]],
  ['Your painting collection is valued: the bank pays you 150,000 $.', [receive(150_000)]],
  ['You buy your own football club. Sell 800,000 $ of shares.', [sell(800_000)]],
  ['Birthday party on a private island: pay 100,000 $.', [pay(100_000)]],
  ['Your horse wins the Derby. The bank pays you 300,000 $.', [receive(300_000)]],
  ['You found a newspaper. Sell 500,000 $ of shares.', [sell(500_000)]],
  ['You crash your sports car: pay 80,000 $.', [pay(80_000)]],
  ['A film you backed is a hit. The bank pays you 250,000 $.', [receive(250_000)]],
  ['You buy a private jet. Sell 700,000 $ of shares.', [sell(700_000)]],
  ['Your lawyer sends his fees: pay 120,000 $.', [pay(120_000)]],
  ['Lottery jackpot! The bank pays you 400,000 $.', [receive(400_000)]],
  ['You restore a Venetian palace. Sell 350,000 $ of shares.', [sell(350_000)]],
  ['Your chef leaves for a rival: pay 50,000 $ to keep him.', [pay(50_000)]],
  ['A lost cheque turns up. The bank pays you 50,000 $.', [receive(50_000)]],
  ['You buy a vineyard in Bordeaux. Sell 450,000 $ of shares.', [sell(450_000)]],
  ['Charity gala: you give 200,000 $.', [pay(200_000)]],
  ['Your consulting fees come in. The bank pays you 120,000 $.', [receive(120_000)]],
  ['You buy a ski resort. Sell 900,000 $ of shares.', [sell(900_000)]],
  ['Your children\'s schooling in Switzerland: pay 100,000 $.', [pay(100_000)]],
  ['Insurance pays for your stolen jewels. The bank pays you 180,000 $.', [receive(180_000)]],
  ['You commission a sculpture for your garden. Sell 200,000 $ of shares.', [sell(200_000)]],
  ['Your birthday falls on dividend day. The bank pays you 100,000 $.', [receive(100_000)]],
]);

export const cards: readonly CardDefinition[] = [
  ...stockExchangeCards,
  ...domesticPoliticsCards,
  ...internationalPoliticsCards,
  ...rumourCards,
  ...strictlyPersonalCards,
];
