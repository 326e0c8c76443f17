/*
 * irregular_lists.c - the suppletive and commonest irregular forms of
 * French, German, Spanish and Italian that no Debian source links to their
 * lemma (irregular.h): forms that the language's Hunspell holds as roots
 * of their own (Spanish fue, soy; Italian sono, detto; German war, bin)
 * or makes only of another root (Spanish ve: ver, not ir), with nothing
 * naming the verb, and that FreeDict's dictionaries into English do not
 * link either (German's references miss them; fra-eng, spa-eng, ita-eng
 * have no references at all).  Sources looked at and not usable: the
 * Apertium pairs in Debian (apertium-eng-spa, -spa-ita, -es-pt) ship
 * compiled lttoolbox transducers only; verbiste's Italian tables
 * (conjugation-it.xml, 328 verbs) spell forms wrongly (essere: "fue",
 * "foessero", and "sano" as an imperative, which would link sano,
 * healthy); verbiste's French is this project's outside reference and is
 * not used as data (dict/LANGUAGES.md).  French verbs need no list: fr's own
 * affix rules conjugate être, avoir and aller once FULLSTRIP is read
 * (expand.c).
 *
 * Source: the closed set of suppletive verbs and the irregular paradigms
 * that every grammar of these languages prints (French: Grevisse, Le bon
 * usage, plurals in -eux of oeil, ciel, aïeul; German: Duden Grammatik,
 * the conjugation of sein, haben, werden, the modal verbs and the
 * strong verbs' vowel changes, and the comparison of gut, viel, hoch;
 * Spanish: RAE, Nueva gramática, the models ser, ir, estar, haber and the
 * irregular participles; Italian: Serianni, Grammatica italiana, essere,
 * avere, andare and the irregular verbs of -ere), written out here by
 * hand: the infinitive (or the base form), then its forms.  A pair counts
 * only when the build finds both among the dictionary's words.
 *
 * A form that is also another word is listed when the verb is the
 * ordinary use of that spelling (Spanish era: era; Italian sei: six,
 * letto: bed; German war: ware), as English links found to find and saw
 * to see: Wibbell judges spellings, so after the verb such a word is
 * refused (dict/LANGUAGES.md).  Left out where the other word is the commoner
 * use: Spanish fuera (outside), sed (thirst), estado (state), traje
 * (suit), cupo (quota); Italian dai, dei (from the, of the), date
 * (dates), riso (rice), corso (course), posto, pose (place, poses), and
 * dette, detti (dire's as well as dare's);
 * German weiß (white), and aß, aßen, which fold to ass, assen (Ass, ace).
 */
#include <stddef.h>

extern const char *const irregular_fr[], *const irregular_de[], *const irregular_es[],
    *const irregular_it[];

const char *const irregular_fr[] = {
    "œil yeux",
    "ciel cieux",
    "aïeul aïeux",
    NULL,
};

const char *const irregular_de[] = {
    "sein bin bist ist sind seid war warst waren gewesen sei seist seien wäre wärst wären",
    "haben habe hast hat habt hatte hattest hatten hattet gehabt hätte hättest hätten",
    "werden werde wirst wird werdet wurde wurdest wurden wurdet geworden worden würde "
    "würdest würden",
    "können kann kannst konnte konntest konnten gekonnt könnte könnten",
    "müssen muss musst musste musstest mussten gemusst müsste müssten",
    "dürfen darf darfst durfte durften gedurft dürfte dürften",
    "mögen mag magst mochte mochten gemocht möchte möchten",
    "wollen will willst wollte wollten gewollt",
    "sollen soll sollst sollte sollten gesollt",
    "wissen weißt wusste wussten gewusst wüsste",
    "tun tue tust tut tat taten getan",
    "gehen ging gingen gegangen",
    "stehen stand standen gestanden",
    "essen isst gegessen",
    "nehmen nimmst nimmt nahm nahmen genommen",
    "geben gibst gibt gab gaben gegeben",
    "sehen siehst sieht sah sahen gesehen",
    "lesen liest las lasen gelesen",
    "sprechen sprichst spricht sprach sprachen gesprochen",
    "treffen triffst trifft traf trafen getroffen",
    "helfen hilfst hilft half halfen geholfen",
    "schreiben schrieb schrieben geschrieben",
    "bleiben blieb blieben geblieben",
    "finden fand fanden gefunden",
    "trinken trank tranken getrunken",
    "kommen kam kamen gekommen",
    "denken dachte dachten gedacht",
    "bringen brachte brachten gebracht",
    "fahren fährst fährt fuhr fuhren gefahren",
    "laufen läufst läuft lief liefen gelaufen",
    "schlafen schläfst schläft schlief schliefen geschlafen",
    "gut besser beste bester bestes besten",
    "viel mehr meiste meisten",
    "hoch höher höchste höchster höchstes höchsten",
    NULL,
};

const char *const irregular_es[] = {
    "ser soy eres es somos sois son era eras éramos erais eran fui fuiste fue fuimos "
    "fuisteis fueron sea seas seamos seáis sean fueras fuéramos fuerais fueran fuese "
    "fueses fuésemos fuesen seré serás será seremos seréis serán sería serías seríamos "
    "seríais serían sido siendo",
    "ir voy vas va vamos vais van iba ibas íbamos ibais iban fui fuiste fue fuimos fuisteis "
    "fueron vaya vayas vayamos vayáis vayan fueras fuéramos fuerais fueran fuese fueses "
    "fuesen ido yendo",
    "estar estoy estás está estamos estáis están estuve estuviste estuvo estuvimos "
    "estuvisteis estuvieron esté estés estemos estéis estén estuviera estuvieras "
    "estuvieran estuviese",
    "haber he has ha hemos habéis han hay hube hubo hubieron haya hayas hayamos hayáis "
    "hayan hubiera hubieras hubieran hubiese habré habrá habremos habrán habría habrían "
    "habido",
    "tener tengo tienes tiene tenemos tienen tuve tuviste tuvo tuvimos tuvieron tenga "
    "tengas tengan tendré tendrá tendría tenido",
    "hacer hago hice hiciste hizo hicimos hicieron haga hagas hagan haré hará haría hecho",
    "decir digo dices dice dicen dije dijiste dijo dijimos dijeron diga digas digan diré "
    "dirá diría dicho",
    "poder puedo puedes puede pueden pude pudiste pudo pudimos pudieron pueda puedas "
    "puedan podré podrá podría",
    "querer quiero quieres quiere quieren quise quisiste quiso quisimos quisieron quiera "
    "quieras quieran querré querrá querría",
    "venir vengo vienes viene vienen vine viniste vino vinimos vinieron venga vengas vengan "
    "vendré vendrá vendría",
    "saber sé sabes sabe supe supiste supo supimos supieron sepa sepas sepan sabré sabrá "
    "sabría",
    "poner pongo pones pone ponen puse pusiste puso pusimos pusieron ponga pongas pongan "
    "pondré pondrá pondría puesto",
    "ver veo ves ve vemos ven vi viste vio vimos vieron vea veas vean visto",
    "dar doy das da damos dan di diste dio dimos dieron dé den",
    "traer traigo trajo trajeron traiga traído",
    "caber quepo cupe cupieron quepa",
    "salir salgo saldré saldrá saldría salga",
    "oír oigo oyes oye oyen oyó oyeron oiga",
    "caer caigo cayó cayeron caiga",
    "volver vuelvo vuelves vuelve vuelven vuelva vuelto",
    "jugar juego juegas juega juegan juegue",
    "dormir duermo duermes duerme duermen durmió durmieron duerma",
    "morir muero mueres muere mueren murió murieron muera muerto",
    "abrir abierto",
    "cubrir cubierto",
    "descubrir descubierto",
    "escribir escrito",
    "describir descrito",
    "romper roto",
    "resolver resuelto",
    "devolver devuelto",
    "envolver envuelto",
    "imprimir impreso",
    "freír frito",
    "satisfacer satisfecho",
    "deshacer deshecho",
    "suponer supuesto",
    "componer compuesto",
    "disponer dispuesto",
    "prever previsto",
    NULL,
};

const char *const irregular_it[] = {
    "essere sono sei è siamo siete ero eri era eravamo eravate erano fui fosti fu fummo "
    "foste furono sarò sarai sarà saremo sarete saranno sarei saresti sarebbe saremmo "
    "sareste sarebbero sia siano fossi fosse fossimo fossero sii siate stato stata stati "
    "state",
    "avere ho hai ha abbiamo avete hanno ebbi avesti ebbe avemmo aveste ebbero avrò avrai "
    "avrà avremo avrete avranno avrei avresti avrebbe avremmo avreste avrebbero abbia "
    "abbiano avessi avesse avessimo avessero abbi abbiate avuto",
    "andare vado vai va andiamo andate vanno andai andò andarono andrò andrai andrà andremo "
    "andrete andranno andrei andresti andrebbe vada vadano andato",
    "fare faccio fai fa facciamo fate fanno feci facesti fece facemmo faceste fecero farò "
    "farai farà farei farebbe faccia facciano facevo faceva fatto",
    "dire dico dici dice diciamo dite dicono dissi dicesti disse dicemmo diceste dissero "
    "dirò dirà direi direbbe dica dicano dicevo diceva detto",
    "venire vengo vieni viene veniamo venite vengono venni venisti venne venimmo veniste "
    "vennero verrò verrà verrei verrebbe venga vengano venuto",
    "potere posso puoi può possiamo potete possono potei poté potrò potrà potrei potrebbe "
    "possa possano potuto",
    "volere voglio vuoi vuole vogliamo volete vogliono volli volle vollero vorrò vorrà "
    "vorrei vorrebbe voglia vogliano voluto",
    "dovere devo devi deve dobbiamo dovete devono dovrò dovrà dovrei dovrebbe debba "
    "debbano dovuto",
    "sapere so sai sa sappiamo sapete sanno seppi seppe seppero saprò saprà saprei "
    "saprebbe sappia sappiano saputo",
    "stare sto stai sta stiamo stanno stetti stette stettero starò starà starei starebbe "
    "stia stiano stato",
    "dare do dà diamo danno diedi desti diede demmo deste diedero darò darà darei darebbe "
    "dia diano dato",
    "uscire esco esci esce usciamo uscite escono esca escano uscito",
    "bere bevo bevi beve beviamo bevete bevono bevvi bevve bevvero berrò berrà berrei "
    "beva bevano bevuto",
    "tenere tengo tieni tiene tengono tenni tenne tennero terrò terrà terrei tenga",
    "rimanere rimango rimani rimane rimangono rimasi rimase rimasero rimarrò rimasto",
    "vedere vidi vide videro vedrò vedrà vedrei visto veduto",
    "prendere presi prese presero preso",
    "mettere misi mise misero messo",
    "scrivere scrissi scrisse scrissero scritto",
    "leggere lessi lesse lessero letto",
    "chiedere chiesi chiese chiesero chiesto",
    "rispondere risposi rispose risposero risposto",
    "chiudere chiusi chiuse chiusero chiuso",
    "correre corsi corse corsero",
    "perdere persi perse persero perso",
    "vivere vissi visse vissero vissuto",
    "nascere nacqui nacque nacquero nato",
    "morire muoio muori muore muoiono morì morirono muoia morto",
    "aprire aprì apersi aperse aperto",
    "offrire offrì offerto",
    "scegliere scelgo scegli sceglie scelgono scelsi scelse scelsero scelto",
    "conoscere conobbi conobbe conobbero",
    "piacere piaccio piace piacciono piacqui piacque piacquero piaciuto",
    "rompere ruppi ruppe ruppero rotto",
    "vincere vinsi vinse vinsero vinto",
    "decidere decisi decise decisero deciso",
    "ridere risi rise risero",
    "piangere piansi pianse piansero pianto",
    "spegnere spensi spense spensero spento",
    "cadere caddi cadde caddero cadrò cadrà",
    "tradurre traduco traduci traduce traducono tradussi tradusse tradussero tradotto",
    "porre pongo poni pone poniamo ponete pongono porrò",
    NULL,
};
