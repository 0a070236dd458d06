/* Data, not logic: the seed library's content (exempt from the 400-line rule; its integrity is checked by seed-instrument.spec.ts). */
/**
 * The seed instrument: a CANS Comprehensive-style library written for this project (own wording; no text is
 * taken from a published CANS manual), plus its question rules.
 *
 * Conventions:
 * - Codes are UPPER_SNAKE and stable forever (reports compare items across library versions by code).
 * - Item names are upper case; an age-restricted item ends with its age label — '(AGES 6+)' is stored as
 *   ageMin 6, ageMax AGE_SCALE_MAX (22), '(AGES 0-5)' as 0..5 — and the builder derives the ages from the label,
 *   so names and ages cannot drift apart. CHRONICITY (ALL AGES) has no restriction.
 * - Descriptions are short plain-language HTML; every question describes ratings 0-3 and N/A ('4' is unused).
 * - Modules with `triggeredOnly` open only through the show-rules in `seedRules`.
 */
import {
  AGE_SCALE_MAX,
  AnswerDescriptions,
  Domain,
  Instrument,
  Item,
  Module,
  Question,
  QuestionRule,
  Rating,
  RatingMeaning,
  TextPassage,
  defaultActionableRatings,
} from './instrument.types';
import { ageLabelOf } from './instrument-tree';

// ---------------------------------------------------------------------------------------------------------
// Builder helpers (module-private)
// ---------------------------------------------------------------------------------------------------------

type Anchors = readonly [string, string, string, string];

interface QuestionSpec {
  readonly kind: 'question';
  readonly code: string;
  readonly name: string;
  readonly shortName: string;
  readonly description: string;
  readonly anchors: Anchors;
  readonly na?: string;
}

interface TextSpec {
  readonly kind: 'text';
  readonly code: string;
  readonly description: string;
}

interface ModuleSpec {
  readonly code: string;
  readonly name: string;
  readonly shortName: string;
  readonly description: string;
  readonly triggeredOnly?: boolean;
  readonly ageMin?: number;
  readonly ageMax?: number;
  readonly items: readonly (QuestionSpec | TextSpec)[];
  readonly modules?: readonly ModuleSpec[];
}

interface DomainSpec {
  readonly code: string;
  readonly name: string;
  readonly shortName: string;
  readonly description: string;
  readonly ratingMeaning: RatingMeaning;
  readonly caregiverItem?: boolean;
  readonly items: readonly (QuestionSpec | TextSpec)[];
  readonly modules?: readonly ModuleSpec[];
}

const html = (text: string): string => `<p>${text}</p>`;

function q(code: string, name: string, shortName: string, description: string, anchors: Anchors, na?: string): QuestionSpec {
  return { kind: 'question', code, name, shortName, description, anchors, ...(na === undefined ? {} : { na }) };
}

function text(code: string, description: string): TextSpec {
  return { kind: 'text', code, description };
}

const NA_NEED = 'Not applicable: the item does not fit this child\u2019s situation.';
const NA_STRENGTH = 'Not applicable: this strength cannot be rated in this child\u2019s situation.';
const NA_CAREGIVER = 'Not applicable: the item does not fit this caregiver\u2019s situation.';

function buildItems(specs: readonly (QuestionSpec | TextSpec)[], caregiverItem: boolean, defaultNa: string): Item[] {
  return specs.map((spec, i): Item => {
    if (spec.kind === 'text') {
      const passage: TextPassage = {
        kind: 'text',
        code: spec.code,
        name: '',
        description: html(spec.description),
        visible: true,
        caregiverItem,
        order: i + 1,
      };
      return passage;
    }
    const ages = ageLabelOf(spec.name) ?? {};
    const answers: AnswerDescriptions = {
      '0': spec.anchors[0],
      '1': spec.anchors[1],
      '2': spec.anchors[2],
      '3': spec.anchors[3],
      NA: spec.na ?? defaultNa,
    };
    const question: Question = {
      kind: 'question',
      code: spec.code,
      name: spec.name,
      shortName: spec.shortName,
      description: html(spec.description),
      visible: true,
      ...ages,
      caregiverItem,
      order: i + 1,
      answers,
    };
    return question;
  });
}

function buildModules(specs: readonly ModuleSpec[], caregiverItem: boolean, defaultNa: string): Module[] {
  return specs.map((spec, i) => ({
    kind: 'module',
    code: spec.code,
    name: spec.name,
    shortName: spec.shortName,
    description: html(spec.description),
    visible: true,
    ...(spec.ageMin === undefined ? {} : { ageMin: spec.ageMin, ageMax: spec.ageMax ?? AGE_SCALE_MAX }),
    caregiverItem,
    order: i + 1,
    triggeredOnly: spec.triggeredOnly ?? false,
    items: buildItems(spec.items, caregiverItem, defaultNa),
    modules: buildModules(spec.modules ?? [], caregiverItem, defaultNa),
  }));
}

function buildDomain(spec: DomainSpec, order: number): Domain {
  const caregiverItem = spec.caregiverItem ?? false;
  const defaultNa = caregiverItem ? NA_CAREGIVER : spec.ratingMeaning === 'strength' ? NA_STRENGTH : NA_NEED;
  return {
    kind: 'domain',
    code: spec.code,
    name: spec.name,
    shortName: spec.shortName,
    description: html(spec.description),
    visible: true,
    caregiverItem,
    order,
    ratingMeaning: spec.ratingMeaning,
    actionableRatings: defaultActionableRatings(spec.ratingMeaning),
    items: buildItems(spec.items, caregiverItem, defaultNa),
    modules: buildModules(spec.modules ?? [], caregiverItem, defaultNa),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Domains
// ---------------------------------------------------------------------------------------------------------

const lifeFunctioning: DomainSpec = {
  code: 'LIFE_FUNCTIONING',
  name: 'Life Functioning',
  shortName: 'Life Functioning',
  description: 'How the child is managing everyday life at home, with friends, at school and in the community.',
  ratingMeaning: 'need',
  items: [
    text('LF_INTRO', 'Rate how the child has been doing in each area over the last 30 days, unless an item says otherwise.'),
    q(
      'FAMILY_FUNCTIONING',
      'FAMILY FUNCTIONING',
      'Family',
      'How well the child gets along with the people they consider family, including birth, foster, kin or adoptive family.',
      [
        'Gets along well with family; conflicts are rare and get resolved.',
        'Occasional or mild conflict with family, or past family problems worth watching.',
        'Frequent conflict or strained family relationships that interfere with daily life.',
        'Severe conflict, violence or a breakdown of family relationships that puts someone at risk.',
      ],
    ),
    q('LIVING_SITUATION', 'LIVING SITUATION', 'Living Situation', 'How the child is doing in the current home or placement.', [
      'No problems at home; the child follows household routines and gets along with the household.',
      'Mild difficulties at home that the household handles without outside help.',
      'Problems at home that disrupt the household and need help to manage.',
      'Problems so serious that the child is at immediate risk of losing the current home or placement.',
    ]),
    q(
      'SOCIAL_FUNCTIONING',
      'SOCIAL FUNCTIONING',
      'Social',
      'How well the child makes and keeps age-appropriate relationships with peers and adults outside the family.',
      [
        'Has positive, age-appropriate relationships with peers and adults.',
        'Some difficulty making or keeping friends, or mild conflicts with peers.',
        'Few or troubled relationships with peers and adults that interfere with daily life.',
        'Isolated from peers, or in relationships that are harmful or dangerous.',
      ],
    ),
    q(
      'DEVELOPMENTAL_INTELLECTUAL',
      'DEVELOPMENTAL/INTELLECTUAL',
      'Developmental',
      'Whether the child shows signs of an intellectual disability or a developmental delay.',
      [
        'No sign of a developmental delay or intellectual disability.',
        'A possible delay or below-average ability that should be checked or monitored.',
        'An identified mild to moderate developmental delay or intellectual disability.',
        'A severe developmental disability that affects most areas of life.',
      ],
    ),
    q(
      'COMMUNICATION',
      'COMMUNICATION',
      'Communication',
      'How well the child can express needs and feelings and understand what others say.',
      [
        'Expresses self and understands others as expected for age.',
        'Mild difficulty expressing or understanding, but usually gets needs across.',
        'Communication problems often keep the child from being understood or from understanding others.',
        'Cannot communicate needs or understand others in most situations.',
      ],
    ),
    q(
      'MEDICAL_PHYSICAL',
      'MEDICAL/PHYSICAL',
      'Medical/Physical',
      'Physical health problems or conditions and how much they affect daily life.',
      [
        'No known health problems, or only routine care is needed.',
        'A minor or well-managed health condition, or one that needs watching.',
        'A chronic or significant condition that needs ongoing treatment and limits activities.',
        'A life-threatening or severely disabling health condition.',
      ],
    ),
    q('SLEEP', 'SLEEP', 'Sleep', 'Whether the child gets enough restful sleep for their age.', [
      'Sleeps well, with a regular and restful pattern for age.',
      'Occasional sleep problems, such as trouble falling asleep or nightmares a few times a month.',
      'Frequent sleep problems that leave the child tired or affect behavior most weeks.',
      'Severe, nightly sleep disruption that affects health and daily functioning.',
    ]),
    q(
      'DECISION_MAKING',
      'DECISION MAKING (AGES 6+)',
      'Decision Making',
      'How well the child thinks through choices and understands consequences, for their age.',
      [
        'Makes sound, age-appropriate decisions and thinks about consequences.',
        'Sometimes makes poor choices but learns from them.',
        'Poor judgment often leads to problems; rarely thinks about consequences.',
        'Decisions regularly put the child or others in danger.',
      ],
    ),
    q(
      'SEXUAL_DEVELOPMENT',
      'SEXUAL DEVELOPMENT (AGES 6+)',
      'Sexual Development',
      'Whether the child\u2019s sexual knowledge and behavior are typical for their age, and whether there are concerns about sexual safety.',
      [
        'Sexual development and behavior are typical for age.',
        'Mild concerns, such as some age-inappropriate knowledge or behavior, worth watching.',
        'Sexual behavior or concerns that interfere with the child\u2019s functioning or relationships.',
        'Sexual behavior that places the child at serious risk, such as exploitation or very high-risk activity.',
      ],
    ),
    q(
      'RECREATIONAL',
      'RECREATION/PLAY',
      'Recreation',
      'Whether the child has and enjoys play, hobbies or leisure activities suited to their age.',
      [
        'Regularly enjoys play, hobbies or leisure activities.',
        'Some difficulty finding or enjoying leisure activities.',
        'Few leisure activities; free time often leads to boredom or trouble.',
        'No positive leisure activities; free time is spent in harmful ways.',
      ],
    ),
    q(
      'INDEPENDENT_LIVING_SKILLS',
      'INDEPENDENT LIVING SKILLS (AGES 14+)',
      'Independent Living',
      'Whether the youth is building the skills to live on their own, such as cooking, budgeting and using services.',
      [
        'Has the independent living skills expected for age.',
        'Needs practice or guidance with a few independent living tasks.',
        'Lacks several important skills and needs a plan to learn them.',
        'Lacks basic skills for living independently and needs intensive help.',
      ],
    ),
    q(
      'JOB_FUNCTIONING',
      'JOB FUNCTIONING (AGES 14+)',
      'Job Functioning',
      'How the youth is doing at a job, internship or work program.',
      [
        'Works reliably and gets along with supervisors and co-workers.',
        'Minor problems at work, such as occasional lateness.',
        'Work problems, such as frequent absences or conflicts, that threaten the job.',
        'Recently lost a job, or cannot keep one, because of serious problems.',
      ],
      'Not applicable: the youth is not working and is not looking for work.',
    ),
  ],
  modules: [
    {
      code: 'SCHOOL_MODULE',
      name: 'School',
      shortName: 'School',
      description: 'How the child is doing at school. Rated for school-age children.',
      ageMin: 5,
      items: [
        q(
          'SCHOOL_ATTENDANCE',
          'SCHOOL ATTENDANCE',
          'Attendance',
          'Whether the child attends school regularly.',
          [
            'Attends regularly; absences are rare and excused.',
            'Some unexcused absences or lateness, or attendance problems in the past.',
            'Misses school often enough to fall behind.',
            'Rarely or never attends school.',
          ],
          'Not applicable: the child is not enrolled in any school or educational program.',
        ),
        q('SCHOOL_BEHAVIOR', 'SCHOOL BEHAVIOR', 'School Behavior', 'How the child behaves at school.', [
          'Behaves well at school.',
          'Occasional behavior problems at school that the teacher can handle.',
          'Frequent behavior problems leading to removals from class, detentions or suspensions.',
          'Severe behavior problems that led to expulsion or threaten the school placement.',
        ]),
        q('SCHOOL_ACHIEVEMENT', 'SCHOOL ACHIEVEMENT', 'Achievement', 'How well the child is learning and keeping up with schoolwork.', [
          'At or above grade level.',
          'Slightly behind, or struggling in one subject.',
          'Behind in several subjects, or at risk of repeating a grade.',
          'Far behind grade level, or failing most subjects.',
        ]),
      ],
    },
    {
      code: 'EARLY_CHILDHOOD_MODULE',
      name: 'Early Childhood',
      shortName: 'Early Childhood',
      description: 'Development and daily routines of infants, toddlers and preschool children.',
      ageMin: 0,
      ageMax: 5,
      items: [
        q(
          'MOTOR_SKILLS',
          'MOTOR SKILLS (AGES 0-5)',
          'Motor',
          'How the child\u2019s movement skills (crawling, walking, using hands) compare with what is expected for age.',
          [
            'Motor skills are on track for age.',
            'Slight motor delay or clumsiness that should be watched.',
            'A clear motor delay that needs therapy or support.',
            'Severe motor impairment that limits most daily activities.',
          ],
        ),
        q(
          'FEEDING_ELIMINATION',
          'FEEDING/ELIMINATION (AGES 0-5)',
          'Feeding',
          'Whether the young child has problems with feeding, eating or toileting beyond what is expected for age.',
          [
            'No feeding or toileting concerns for age.',
            'Mild issues, such as picky eating or occasional accidents after toilet training.',
            'Feeding or toileting problems that affect growth, health or daily routines.',
            'Severe feeding problems that threaten health, such as not gaining weight.',
          ],
        ),
        q(
          'SELF_REGULATION_EARLY',
          'SELF-REGULATION (AGES 0-5)',
          'Self-Regulation',
          'How well the young child can calm down, handle changes and manage frustration with adult help.',
          [
            'Calms with usual comfort and handles changes as expected for age.',
            'Sometimes hard to soothe, or easily upset by changes.',
            'Often hard to soothe; frequent, intense tantrums or distress that disrupt routines.',
            'Cannot be soothed for long periods; distress is constant or dangerous.',
          ],
        ),
      ],
    },
    {
      code: 'DEVELOPMENTAL_NEEDS_MODULE',
      name: 'Developmental Needs Module',
      shortName: 'Developmental Needs',
      description: 'Opens when Developmental/Intellectual is rated 1, 2 or 3: a closer look at the child\u2019s developmental needs.',
      triggeredOnly: true,
      items: [
        q(
          'DN_COGNITIVE',
          'COGNITIVE',
          'Cognitive',
          'The child\u2019s thinking and learning ability compared with others of the same age.',
          [
            'Thinking and learning are within the expected range.',
            'Some learning difficulties; below average but managing.',
            'A mild to moderate intellectual disability that needs support with learning.',
            'A severe intellectual disability that needs support in nearly all areas.',
          ],
        ),
        q(
          'DN_DEVELOPMENTAL_DELAYS',
          'DEVELOPMENTAL DELAYS',
          'Delays',
          'Whether the child is late reaching milestones in areas such as speech, movement or social skills.',
          [
            'Milestones reached on time.',
            'A slight delay in one area that should be monitored.',
            'Delays in one or more areas that need early intervention or therapy.',
            'Significant delays across several areas that need intensive services.',
          ],
        ),
        q(
          'DN_SELF_CARE',
          'SELF-CARE/DAILY LIVING',
          'Self-Care',
          'How well the child manages everyday self-care, such as dressing, washing and eating, for their age.',
          [
            'Manages self-care as expected for age.',
            'Needs reminders or some help with a few self-care tasks.',
            'Needs regular hands-on help with several self-care tasks.',
            'Depends on others for almost all self-care.',
          ],
        ),
      ],
    },
  ],
};

const childStrengths: DomainSpec = {
  code: 'CHILD_STRENGTHS',
  name: 'Child Strengths',
  shortName: 'Strengths',
  description: 'Assets of the child that the plan can use or build on. 0 and 1 are strengths to use; 2 and 3 are strengths to build.',
  ratingMeaning: 'strength',
  items: [
    q(
      'ST_FAMILY',
      'FAMILY STRENGTHS',
      'Family Strengths',
      'Whether the child has strong, caring relationships with family members who can be part of the plan.',
      [
        'Strong, loving family relationships that can be the center of the plan.',
        'Good family relationships with some gaps; useful in planning.',
        'Some family connection exists but must be strengthened before it can help.',
        'No family relationship that can support the child has been identified yet.',
      ],
    ),
    q('ST_INTERPERSONAL', 'INTERPERSONAL', 'Interpersonal', 'The child\u2019s social skills and ability to form positive relationships.', [
      'Makes and keeps good relationships easily; a notable strength.',
      'Good social skills in most settings.',
      'Some social skills that need coaching before they can be used.',
      'No social skills to build on identified yet.',
    ]),
    q('ST_OPTIMISM', 'OPTIMISM', 'Optimism', 'Whether the child has a hopeful, positive view of themselves and their future.', [
      'Consistently hopeful and positive about the future.',
      'Generally hopeful, with some doubts.',
      'Hope is hard to find but shows at times.',
      'No sense of hope for the future identified yet.',
    ]),
    q(
      'ST_EDUCATIONAL',
      'EDUCATIONAL SETTING (AGES 5+)',
      'Education',
      'Whether the school or education setting actively supports the child.',
      [
        'The school works closely with the family and meets the child\u2019s needs well.',
        'The school is supportive, with some needs not yet met.',
        'The school could help but is not yet doing so.',
        'No supportive educational setting identified yet.',
      ],
      'Not applicable: the child is not enrolled in any school or educational program.',
    ),
    q(
      'ST_VOCATIONAL',
      'VOCATIONAL (AGES 14+)',
      'Vocational',
      'Whether the youth has work skills, experience or career interests to build on.',
      [
        'Has work experience and clear career goals; a real asset.',
        'Some work skills or interests that can be used in planning.',
        'Some interest in work but few skills yet.',
        'No vocational skills or interests identified yet.',
      ],
    ),
    q('ST_TALENTS_INTERESTS', 'TALENTS/INTERESTS', 'Talents', 'Activities, skills or hobbies the child enjoys and does well.', [
      'A talent or interest that gives the child pride and could anchor the plan.',
      'Talents or interests the child enjoys that can be used in planning.',
      'Some interest in activities, not developed yet.',
      'No talents or interests identified yet.',
    ]),
    q(
      'ST_SPIRITUAL',
      'SPIRITUAL/RELIGIOUS',
      'Spiritual',
      'Whether faith, spiritual beliefs or a faith community give the child comfort and support.',
      [
        'Strong beliefs or a faith community that give real comfort and support.',
        'Some spiritual or religious involvement that helps.',
        'Interest in spiritual life that is not yet a source of support.',
        'No spiritual or religious support identified yet.',
      ],
    ),
    q(
      'ST_COMMUNITY',
      'COMMUNITY LIFE',
      'Community',
      'How connected the child is to the neighborhood or community, such as clubs, teams or groups.',
      [
        'Well connected and active in the community for a long time.',
        'Some community connections that can help.',
        'Limited community ties that could be developed.',
        'No community connections identified yet.',
      ],
    ),
    q(
      'ST_RESILIENCE',
      'RESILIENCE',
      'Resilience',
      'The child\u2019s ability to recognize their own strengths and bounce back from difficulties.',
      [
        'Knows own strengths and uses them to cope well with setbacks.',
        'Often uses own strengths to cope.',
        'Has strengths but rarely uses them to cope.',
        'No ability to recover from setbacks identified yet.',
      ],
    ),
    q(
      'ST_RELATIONSHIP_PERMANENCE',
      'RELATIONSHIP PERMANENCE',
      'Permanence',
      'Whether the child has stable, lasting relationships with at least one caring adult.',
      [
        'Lasting relationships with caring adults who have been there throughout the child\u2019s life.',
        'At least one stable relationship, with some past disruption.',
        'Relationships with adults are unstable, but one could be built up.',
        'No stable relationship with a caring adult identified yet.',
      ],
    ),
    q(
      'ST_NATURAL_SUPPORTS',
      'NATURAL SUPPORTS',
      'Natural Supports',
      'Unpaid people outside the family, such as neighbors, coaches or mentors, who help the child.',
      [
        'Several people who actively support the child.',
        'Some people who help the child at times.',
        'People who could help but are not yet involved.',
        'No natural supports identified yet.',
      ],
    ),
    q(
      'ST_CURIOSITY',
      'CURIOSITY (AGES 0-5)',
      'Curiosity',
      'Whether the young child explores and shows interest in the world around them.',
      [
        'Eagerly explores and learns from their surroundings.',
        'Shows interest and explores with encouragement.',
        'Limited curiosity that needs encouragement to grow.',
        'Little or no interest in exploring identified yet.',
      ],
    ),
  ],
};

const acculturation: DomainSpec = {
  code: 'ACCULTURATION',
  name: 'Acculturation',
  shortName: 'Acculturation',
  description: 'Needs linked to the child\u2019s language, culture and cultural identity.',
  ratingMeaning: 'need',
  items: [
    q(
      'LANGUAGE',
      'LANGUAGE',
      'Language',
      'Whether the child or family needs help with language, such as an interpreter or translated materials.',
      [
        'No language needs; services are available in the family\u2019s preferred language.',
        'Some help with language would be useful, for example in formal meetings.',
        'Needs an interpreter or translation for most services.',
        'Cannot take part in services without an interpreter, and none is available.',
      ],
    ),
    q(
      'CULTURAL_IDENTITY',
      'CULTURAL IDENTITY',
      'Cultural Identity',
      'Whether the child has concerns or stress about their cultural or ethnic identity.',
      [
        'Comfortable with own cultural identity.',
        'Some questions or mild stress about cultural identity.',
        'Struggles with cultural identity in ways that affect daily life.',
        'Serious distress about cultural identity that needs immediate help.',
      ],
    ),
    q('RITUALS', 'RITUALS', 'Rituals', 'Whether the child can practice the cultural traditions and customs that matter to them.', [
      'Takes part in important traditions without difficulty.',
      'Some barriers to practicing traditions.',
      'Important traditions are often missed, which upsets the child.',
      'Cannot practice any important tradition, causing serious distress.',
    ]),
    q(
      'CULTURAL_STRESS',
      'CULTURAL STRESS',
      'Cultural Stress',
      'Stress from differences between the child\u2019s culture and that of the home, school or community, including discrimination.',
      [
        'No cultural stress.',
        'Some cultural stress that the child manages.',
        'Cultural stress that interferes with daily life.',
        'Severe cultural stress or discrimination that puts the child\u2019s wellbeing at risk.',
      ],
    ),
  ],
};

const behavioralEmotional: DomainSpec = {
  code: 'BEHAVIORAL_EMOTIONAL_NEEDS',
  name: 'Behavioral/Emotional Needs',
  shortName: 'Behavioral/Emotional',
  description: 'Emotional and behavioral difficulties of the child over the last 30 days.',
  ratingMeaning: 'need',
  items: [
    q(
      'PSYCHOSIS',
      'PSYCHOSIS (THOUGHT DISORDER)',
      'Psychosis',
      'Hearing or seeing things others do not, strongly held false beliefs, or very confused thinking.',
      [
        'No signs of psychosis.',
        'Possible signs, or a history of psychosis, that should be watched.',
        'Clear signs of psychosis that affect daily life.',
        'Severe psychosis that puts the child or others in danger.',
      ],
    ),
    q(
      'IMPULSIVITY_HYPERACTIVITY',
      'IMPULSIVITY/HYPERACTIVITY',
      'Impulse/Hyper',
      'Trouble sitting still, waiting, paying attention or controlling impulses.',
      [
        'Attention and activity level are typical for age.',
        'Some restlessness or impulsive behavior that is manageable.',
        'Impulsive or overactive behavior that interferes with home or school.',
        'Dangerous impulsive behavior that puts the child or others at risk.',
      ],
    ),
    q('DEPRESSION', 'DEPRESSION', 'Depression', 'Lasting sadness, irritability, withdrawal or loss of interest in things.', [
      'No signs of depression.',
      'Brief or mild low mood, or a history of depression.',
      'Depression that interferes with daily life.',
      'Severe depression that stops the child from functioning.',
    ]),
    q('ANXIETY', 'ANXIETY', 'Anxiety', 'Worry, fear or nervousness beyond what is typical for the child\u2019s age.', [
      'No anxiety beyond what is usual for age.',
      'Mild worries, or a history of anxiety.',
      'Anxiety that interferes with daily life.',
      'Severe anxiety that stops the child from functioning.',
    ]),
    q('OPPOSITIONAL', 'OPPOSITIONAL BEHAVIOR', 'Oppositional', 'Arguing with, defying or refusing to follow rules set by adults.', [
      'Generally follows adults\u2019 rules and requests.',
      'Some arguing or defiance, a little more than typical for age.',
      'Frequent defiance that causes problems at home or school.',
      'Severe, constant defiance that puts the child at risk.',
    ]),
    q(
      'CONDUCT',
      'CONDUCT (AGES 6+)',
      'Conduct',
      'Behavior that breaks serious rules or harms others, such as lying, stealing, cruelty or destroying property.',
      [
        'No conduct problems.',
        'Occasional rule-breaking, or a history of it.',
        'Repeated antisocial behavior that causes harm or trouble.',
        'Severe antisocial behavior that puts others or the child in danger.',
      ],
    ),
    q('ANGER_CONTROL', 'ANGER CONTROL', 'Anger', 'How well the child manages anger and frustration.', [
      'Handles anger as expected for age.',
      'Some trouble with anger, such as occasional outbursts.',
      'Frequent angry outbursts that damage relationships or cause trouble.',
      'Uncontrolled anger that leads to violence or danger.',
    ]),
    q(
      'SUBSTANCE_USE',
      'SUBSTANCE USE (AGES 10+)',
      'Substance Use',
      'Use of alcohol or drugs, or misuse of medicines or other substances.',
      [
        'No sign of substance use.',
        'Past use, experimenting, or suspected use that should be watched.',
        'Current use that causes problems at home, at school or with health.',
        'Dependence or dangerous use that needs immediate treatment.',
      ],
    ),
    q(
      'EATING_DISTURBANCE',
      'EATING DISTURBANCE',
      'Eating',
      'Problems with eating, such as restricting food, binging, purging or eating things that are not food.',
      [
        'No eating problems.',
        'Mild eating concerns that should be watched.',
        'Eating problems that affect health or daily life.',
        'Eating problems that seriously threaten health.',
      ],
    ),
    q('CHRONICITY', 'CHRONICITY (ALL AGES)', 'Chronicity', 'How long the child\u2019s emotional or behavioral difficulties have lasted.', [
      'No ongoing emotional or behavioral difficulties.',
      'Difficulties have lasted less than six months.',
      'Difficulties have lasted from six months to two years.',
      'Difficulties have lasted more than two years.',
    ]),
  ],
  modules: [
    {
      code: 'SUBSTANCE_USE_MODULE',
      name: 'Substance Use Module',
      shortName: 'Substance Use',
      description: 'Opens when Substance Use is rated 1, 2 or 3: the pattern of use and what supports recovery.',
      triggeredOnly: true,
      items: [
        q('SU_SEVERITY', 'SEVERITY OF USE', 'Severity', 'How much and how often the youth currently uses substances.', [
          'No current use; the youth is not using.',
          'Occasional or light use.',
          'Regular use that causes problems.',
          'Heavy daily use, or dependence.',
        ]),
        q('SU_DURATION', 'DURATION OF USE', 'Duration', 'How long the youth has been using substances.', [
          'Use began within the last year.',
          'Use has gone on for more than a year, with breaks of a month or more.',
          'Use has gone on for more than a year without real breaks.',
          'Use has gone on for several years.',
        ]),
        q('SU_STAGE_OF_RECOVERY', 'STAGE OF RECOVERY', 'Recovery Stage', 'How ready the youth is to change their substance use.', [
          'Keeping up the change and avoiding relapse.',
          'Actively working on cutting down or stopping.',
          'Thinking about change but not ready to act.',
          'Sees no problem and has no interest in change.',
        ]),
        q('SU_PEER_INFLUENCES', 'PEER INFLUENCES', 'Peer Influence', 'Whether the youth\u2019s friends use substances.', [
          'Friends do not use substances.',
          'Some friends use, but the youth\u2019s closest friends do not.',
          'Most friends use substances.',
          'Friends use heavily and encourage the youth to use.',
        ]),
        q(
          'SU_PARENTAL_INFLUENCES',
          'PARENTAL INFLUENCES',
          'Parental Influence',
          'Whether a parent or caregiver uses substances in ways that affect the youth.',
          [
            'No caregiver substance use that affects the youth.',
            'Caregiver use in the past, or suspected use.',
            'Caregiver use that the youth sees or is affected by.',
            'A caregiver uses with the youth or supplies substances.',
          ],
        ),
        q(
          'SU_RECOVERY_SUPPORTS',
          'RECOVERY SUPPORTS',
          'Recovery Support',
          'Whether the people and places around the youth support staying away from substances.',
          [
            'Strong support for recovery at home and in the community.',
            'Some support for recovery, with gaps.',
            'Little support for recovery; substances are easy to get.',
            'The youth\u2019s surroundings actively encourage use.',
          ],
        ),
      ],
    },
  ],
};

const riskBehaviors: DomainSpec = {
  code: 'RISK_BEHAVIORS',
  name: 'Risk Behaviors',
  shortName: 'Risk Behaviors',
  description: 'Behaviors that can put the child or others in danger.',
  ratingMeaning: 'need',
  items: [
    q('SUICIDE_RISK', 'SUICIDE RISK', 'Suicide Risk', 'Thoughts of ending one\u2019s life, suicide plans or attempts.', [
      'No history or current signs of suicidal thoughts or behavior.',
      'Past suicidal behavior, or some recent thoughts without a plan.',
      'Recent suicidal thoughts with a plan, or a gesture in the last 30 days.',
      'Current thoughts with a plan and the means, or a recent attempt.',
    ]),
    q(
      'NON_SUICIDAL_SELF_INJURY',
      'NON-SUICIDAL SELF-INJURY',
      'Self-Injury',
      'Hurting oneself on purpose, such as cutting or burning, without intending to die.',
      [
        'No self-injury.',
        'Past self-injury, or rare minor self-injury.',
        'Recent self-injury that did not need medical care.',
        'Self-injury that needed medical care or is getting more serious.',
      ],
    ),
    q('OTHER_SELF_HARM', 'OTHER SELF-HARM (RECKLESSNESS)', 'Recklessness', 'Reckless or dangerous behavior that could lead to injury.', [
      'No reckless behavior.',
      'Some risky behavior in the past, or minor risks.',
      'Risky behavior that has put the child in danger.',
      'Frequent, highly dangerous behavior.',
    ]),
    q('DANGER_TO_OTHERS', 'DANGER TO OTHERS', 'Danger to Others', 'Threats or acts of violence toward other people.', [
      'No violent or threatening behavior.',
      'Past violence, or occasional threats without harm.',
      'Recent aggression or threats that could harm others.',
      'Recent serious violence, or believable threats to seriously harm others.',
    ]),
    q('RUNAWAY', 'RUNAWAY (AGES 6+)', 'Runaway', 'Leaving home or placement without permission.', [
      'No history of running away.',
      'Ran away in the past, or talks about running away.',
      'Ran away recently and came back on their own within a day.',
      'Ran away recently for longer periods or to dangerous places.',
    ]),
    q(
      'SEXUALLY_REACTIVE_BEHAVIOR',
      'SEXUALLY REACTIVE BEHAVIOR',
      'Sexually Reactive',
      'Sexual behavior toward others that is not appropriate for the child\u2019s age or setting.',
      [
        'No concerning sexual behavior toward others.',
        'Some history, or mild behavior such as inappropriate comments.',
        'Sexual behavior toward others that needs intervention.',
        'Sexual behavior toward others that is forceful or causes harm.',
      ],
    ),
    q(
      'DELINQUENT_BEHAVIOR',
      'DELINQUENT BEHAVIOR (AGES 6+)',
      'Delinquency',
      'Behavior that breaks the law, whether or not the child was caught or charged.',
      [
        'No known law-breaking behavior.',
        'Past law-breaking, or minor offenses such as shoplifting.',
        'Recent law-breaking that puts the child at risk of arrest.',
        'Serious or violent law-breaking that puts others or the community at risk.',
      ],
    ),
    q('FIRE_SETTING', 'FIRE SETTING', 'Fire Setting', 'Setting fires, or playing with fire or matches.', [
      'No fire setting.',
      'Past fire setting, or playing with fire without damage.',
      'Recent fire setting that caused damage or could have.',
      'Fire setting that put lives in danger.',
    ]),
    q('BULLYING', 'BULLYING OTHERS (AGES 5+)', 'Bullying', 'Threatening, excluding or hurting others to control or intimidate them.', [
      'No bullying.',
      'Past bullying, or rare minor incidents.',
      'Bullies others often enough to need intervention.',
      'Severe bullying, or leads others in harming peers.',
    ]),
    q(
      'EXPLOITATION',
      'EXPLOITATION',
      'Exploitation',
      'Whether the child is being, or is at risk of being, used or harmed by others, including sexual or labor exploitation.',
      [
        'No signs of exploitation.',
        'Past exploitation, or warning signs that need watching.',
        'Recent exploitation or a clear risk that needs a safety plan.',
        'Current exploitation that needs immediate protection.',
      ],
    ),
    q(
      'ARRESTS_DETENTION',
      'ARRESTS/DETENTION (AGES 6+)',
      'Arrests/Detention',
      'Whether the child has been arrested or held in detention.',
      [
        'No arrests or detention.',
        'An arrest or detention more than a year ago, none since.',
        'An arrest or detention in the last year.',
        'Several arrests or detentions in the last year, or detained now.',
      ],
    ),
  ],
  modules: [
    {
      code: 'JUVENILE_JUSTICE_MODULE',
      name: 'Juvenile Justice Module',
      shortName: 'Juvenile Justice',
      description: 'Opens when Delinquent Behavior is rated 1, 2 or 3: the seriousness and pattern of offending.',
      triggeredOnly: true,
      items: [
        q('JJ_SERIOUSNESS', 'SERIOUSNESS', 'Seriousness', 'How serious the child\u2019s most recent law-breaking was.', [
          'Status offenses only, such as truancy or breaking curfew.',
          'Minor offenses, such as petty theft or vandalism.',
          'Serious property offenses, such as burglary.',
          'Offenses that hurt people or could have.',
        ]),
        q('JJ_HISTORY', 'HISTORY OF OFFENSES', 'History', 'How often and for how long the child has broken the law.', [
          'One known incident.',
          'A few incidents over the past year.',
          'Repeated incidents over more than a year.',
          'A long, continuous history of offending.',
        ]),
        q('JJ_COMMUNITY_SAFETY', 'COMMUNITY SAFETY', 'Community Safety', 'How much the child\u2019s behavior puts the community at risk.', [
          'No risk to the community.',
          'Minor risk, such as damage to property.',
          'Risk of harm to property or people in the community.',
          'Immediate risk of serious harm to others.',
        ]),
        q(
          'JJ_PEER_INVOLVEMENT',
          'PEER INVOLVEMENT',
          'Peer Involvement',
          'Whether the child offends with, or is influenced by, peers who break the law.',
          [
            'Friends do not break the law.',
            'Some friends break the law, but the child acts alone.',
            'Offends with friends, or belongs to a group that breaks the law.',
            'Leads, or is deeply involved in, a group that commits serious offenses.',
          ],
        ),
        q(
          'JJ_LEGAL_COMPLIANCE',
          'LEGAL COMPLIANCE',
          'Compliance',
          'Whether the child follows court orders, probation terms or other legal requirements.',
          [
            'Follows all legal requirements, or has none.',
            'Occasional minor violations.',
            'Repeated violations that could lead to new charges.',
            'Ignores legal requirements; a warrant or new detention is likely.',
          ],
        ),
      ],
    },
    {
      code: 'FIRE_SETTING_MODULE',
      name: 'Fire Setting Module',
      shortName: 'Fire Setting',
      description: 'Opens when Fire Setting is rated 1, 2 or 3: how dangerous the fire setting is and how likely it is to happen again.',
      triggeredOnly: true,
      items: [
        q('FS_SERIOUSNESS', 'SERIOUSNESS OF FIRE SETTING', 'FS Seriousness', 'How much damage or danger the fire setting caused.', [
          'No damage; the fire was small and contained.',
          'Minor damage to property.',
          'Significant damage to property.',
          'People were injured or put at serious risk.',
        ]),
        q('FS_HISTORY', 'HISTORY OF FIRE SETTING', 'FS History', 'How often the child has set fires.', [
          'One known fire.',
          'Two or three fires, far apart in time.',
          'Several fires in the past year.',
          'Frequent fire setting over a long period.',
        ]),
        q('FS_PLANNING', 'PLANNING OF FIRE SETTING', 'FS Planning', 'Whether the fire setting was planned or impulsive.', [
          'No planning; the fire was impulsive or accidental.',
          'Some planning shown.',
          'Clear planning, such as gathering materials.',
          'Detailed planning, such as using accelerants or choosing a target.',
        ]),
        q(
          'FS_INTENTION_TO_HARM',
          'INTENTION TO HARM',
          'FS Intent',
          'Whether the child meant to frighten or hurt people, or damage property, with fire.',
          [
            'No intent to harm anyone or anything.',
            'Meant to damage property only.',
            'Meant to frighten or threaten people.',
            'Meant to injure or kill someone.',
          ],
        ),
        q(
          'FS_RESPONSE_TO_ACCUSATION',
          'RESPONSE TO ACCUSATION',
          'FS Response',
          'How the child reacts when confronted about fire setting.',
          [
            'Admits the behavior and shows real remorse.',
            'Admits part of the behavior, with some remorse.',
            'Denies or plays down the behavior.',
            'Denies responsibility and shows no remorse, or is proud of it.',
          ],
        ),
      ],
    },
    {
      code: 'SEXUALLY_REACTIVE_MODULE',
      name: 'Sexually Reactive Behavior Module',
      shortName: 'Sexually Reactive',
      description: 'Opens when Sexually Reactive Behavior is rated 1, 2 or 3: the nature and pattern of the behavior.',
      triggeredOnly: true,
      items: [
        q('SRB_RELATIONSHIP', 'RELATIONSHIP', 'SRB Relationship', 'The relationship between the child and the other children involved.', [
          'The other child was of similar age and development, with no sign of pressure.',
          'Some concern about differences in power between the children.',
          'The child used power, such as size or status, over the other child.',
          'The child targeted a much younger or vulnerable child.',
        ]),
        q('SRB_PHYSICAL_FORCE', 'PHYSICAL FORCE OR THREAT', 'SRB Force', 'Whether force or threats were used.', [
          'No force or threats.',
          'Verbal pressure or tricks.',
          'Threats or mild physical force.',
          'Serious physical force or violence.',
        ]),
        q('SRB_PLANNING', 'PLANNING OF SEXUAL BEHAVIOR', 'SRB Planning', 'Whether the behavior was planned or impulsive.', [
          'No planning; the behavior was impulsive.',
          'Some planning, such as waiting for an opportunity.',
          'Planned behavior, such as arranging to be alone with the other child.',
          'Careful, repeated planning, including grooming.',
        ]),
        q('SRB_HISTORY', 'HISTORY OF SEXUAL BEHAVIOR', 'SRB History', 'How often the behavior has happened.', [
          'One known incident.',
          'Two or three incidents.',
          'Several incidents with one or more children.',
          'Many incidents with several children over a long time.',
        ]),
        q(
          'SRB_RESPONSE_TO_ACCUSATION',
          'RESPONSE TO ACCUSATION',
          'SRB Response',
          'How the child reacts when confronted about the behavior.',
          [
            'Admits the behavior and shows real remorse.',
            'Admits part of the behavior, with some remorse.',
            'Denies or plays down the behavior.',
            'Denies responsibility and blames the other child.',
          ],
        ),
      ],
    },
  ],
};

const trauma: DomainSpec = {
  code: 'TRAUMA',
  name: 'Trauma',
  shortName: 'Trauma',
  description: 'Traumatic experiences over the child\u2019s lifetime and how the child is adjusting to them.',
  ratingMeaning: 'need',
  items: [
    text(
      'TRAUMA_INTRO',
      'Rate traumatic experiences over the child\u2019s whole life, whether or not they still cause distress. Rate adjustment to trauma for the last 30 days.',
    ),
    q('SEXUAL_ABUSE', 'SEXUAL ABUSE', 'Sexual Abuse', 'Whether the child has experienced sexual abuse.', [
      'No evidence of sexual abuse.',
      'Suspected abuse, or a single less severe incident.',
      'Repeated abuse, or abuse involving physical contact.',
      'Severe, repeated or forceful abuse over a long period, often by a trusted person.',
    ]),
    q('PHYSICAL_ABUSE', 'PHYSICAL ABUSE', 'Physical Abuse', 'Whether the child has been hurt on purpose by a caregiver or another adult.', [
      'No evidence of physical abuse.',
      'Suspected abuse, or physical punishment without injury.',
      'Repeated physical abuse, or abuse causing injury.',
      'Severe abuse causing serious injury or needing medical care.',
    ]),
    q(
      'EMOTIONAL_ABUSE',
      'EMOTIONAL ABUSE',
      'Emotional Abuse',
      'Whether the child has been threatened, belittled, rejected or frightened by a caregiver.',
      [
        'No evidence of emotional abuse.',
        'Occasional name-calling, threats or belittling.',
        'Frequent emotional abuse, such as rejection or humiliation.',
        'Constant, severe emotional abuse, such as terrorizing or complete rejection.',
      ],
    ),
    q('NEGLECT', 'NEGLECT', 'Neglect', 'Whether the child\u2019s basic needs for food, shelter, health care or supervision went unmet.', [
      'No evidence of neglect.',
      'Occasional lapses in care or supervision.',
      'Repeated failure to meet basic needs.',
      'Severe neglect that endangered the child\u2019s life or health.',
    ]),
    q(
      'MEDICAL_TRAUMA',
      'MEDICAL TRAUMA',
      'Medical Trauma',
      'Frightening or painful medical events, such as serious illness, injury or surgery.',
      [
        'No frightening medical experiences.',
        'A mildly upsetting medical event, such as minor surgery.',
        'A frightening medical event, such as emergency surgery or a serious injury.',
        'A life-threatening illness or injury, or long and painful treatment.',
      ],
    ),
    q(
      'WITNESS_FAMILY_VIOLENCE',
      'WITNESS TO FAMILY VIOLENCE',
      'Family Violence',
      'Whether the child has seen or heard violence between family members.',
      [
        'Has not seen or heard violence in the family.',
        'Saw or heard occasional fights with pushing or threats.',
        'Saw or heard repeated family violence.',
        'Saw or heard severe family violence causing serious injury or death.',
      ],
    ),
    q(
      'WITNESS_COMMUNITY_VIOLENCE',
      'WITNESS TO COMMUNITY VIOLENCE',
      'Community Violence',
      'Whether the child has seen violence in the neighborhood, at school or elsewhere in the community.',
      [
        'Has not seen violence in the community.',
        'Has seen fights, or lives where violence happens nearby.',
        'Has seen people seriously hurt in the community.',
        'Has seen someone killed or gravely injured, or violence against friends or family.',
      ],
    ),
    q(
      'NATURAL_DISASTER',
      'NATURAL OR MANMADE DISASTER',
      'Disaster',
      'Exposure to events such as fires, floods, storms, accidents or acts of terror.',
      [
        'No exposure to disasters.',
        'Exposure to a disaster that caused little direct harm.',
        'A disaster that caused major damage to the child\u2019s home or community.',
        'A disaster that caused loss of home, injury, or death of people close to the child.',
      ],
    ),
    q('VICTIM_OF_CRIME', 'VICTIM OF CRIMINAL ACTIVITY', 'Crime Victim', 'Whether the child has been the victim of a crime.', [
      'Has not been the victim of a crime.',
      'Victim of a minor crime, such as theft.',
      'Victim of a crime involving threats or force, such as robbery.',
      'Victim of a violent crime causing serious harm.',
    ]),
    q(
      'DISRUPTIONS_IN_CAREGIVING',
      'DISRUPTIONS IN CAREGIVING/ATTACHMENT LOSSES',
      'Caregiving Losses',
      'Changes of caregiver, placement moves, or the loss of an important caregiver.',
      [
        'No disruptions in caregiving.',
        'One change of caregiver, with good support through it.',
        'Several changes of caregiver or placement.',
        'Many changes of caregiver, or loss of a main caregiver through death or abandonment.',
      ],
    ),
    q(
      'PARENTAL_CRIMINAL_BEHAVIOR',
      'PARENTAL CRIMINAL BEHAVIOR',
      'Parental Crime',
      'Criminal behavior by the child\u2019s parents and its effect on the child.',
      [
        'No known criminal behavior by the parents.',
        'A parent has a past criminal record but no time in prison.',
        'A parent has been in prison or jail.',
        'A parent has been in prison for a long time, or committed crimes in front of the child.',
      ],
    ),
    q(
      'ADJUSTMENT_TO_TRAUMA',
      'ADJUSTMENT TO TRAUMA',
      'Adjustment',
      'How the child is coping with traumatic experiences.',
      [
        'No signs of trauma-related distress.',
        'Some mild reactions to trauma, or a history of them.',
        'Trauma reactions that interfere with daily life.',
        'Severe trauma reactions, such as post-traumatic stress, that stop the child from functioning.',
      ],
      'Not applicable: the child has no known traumatic experience.',
    ),
  ],
  modules: [
    {
      code: 'ADJUSTMENT_TO_TRAUMA_MODULE',
      name: 'Trauma Module: Adjustment to Trauma',
      shortName: 'Trauma Adjustment',
      description: 'Opens when Adjustment to Trauma is rated 1, 2 or 3: the child\u2019s specific reactions to trauma.',
      triggeredOnly: true,
      items: [
        q('TR_AFFECT_REGULATION', 'AFFECT REGULATION', 'Affect Regulation', 'Difficulty managing strong feelings.', [
          'Manages strong feelings as expected for age.',
          'Sometimes overwhelmed by feelings, but recovers.',
          'Often overwhelmed by feelings, which affects daily life.',
          'Cannot manage feelings; reactions are extreme or dangerous.',
        ]),
        q('TR_INTRUSIONS', 'INTRUSIONS/RE-EXPERIENCING', 'Intrusions', 'Unwanted memories, nightmares or flashbacks of traumatic events.', [
          'No unwanted memories or nightmares.',
          'Occasional nightmares or memories that the child can manage.',
          'Frequent memories or nightmares that interfere with daily life.',
          'Constant flashbacks or nightmares that overwhelm the child.',
        ]),
        q('TR_ATTACHMENT', 'ATTACHMENT DIFFICULTIES', 'Attachment', 'Problems forming safe, trusting relationships with caregivers.', [
          'Forms secure, trusting relationships.',
          'Some trouble trusting caregivers.',
          'Attachment problems, such as clinging or rejecting, that affect relationships.',
          'Cannot form attachments, or attaches to strangers without caution.',
        ]),
        q(
          'TR_HYPERAROUSAL',
          'HYPERAROUSAL',
          'Hyperarousal',
          'Being jumpy, easily startled, always on guard, or unable to concentrate since the trauma.',
          [
            'No signs of hyperarousal.',
            'Mild jumpiness or watchfulness.',
            'Hyperarousal that interferes with sleep, school or relationships.',
            'Constant, severe hyperarousal that stops the child from functioning.',
          ],
        ),
        q('TR_AVOIDANCE', 'AVOIDANCE', 'Avoidance', 'Avoiding people, places or thoughts that are reminders of the trauma.', [
          'No avoidance.',
          'Some avoidance of reminders.',
          'Avoidance that limits daily activities.',
          'Avoidance so strong that the child cannot take part in normal life.',
        ]),
        q(
          'TR_DISSOCIATION',
          'DISSOCIATION',
          'Dissociation',
          'Spacing out, losing track of time, or feeling detached from oneself or one\u2019s surroundings.',
          [
            'No signs of dissociation.',
            'Occasional spacing out that may be linked to trauma.',
            'Dissociation that interferes with daily life.',
            'Severe dissociation, such as long gaps in memory, that puts the child at risk.',
          ],
        ),
        q('TR_TRAUMATIC_GRIEF', 'TRAUMATIC GRIEF', 'Traumatic Grief', 'Grief after a traumatic loss that is stuck or overwhelming.', [
          'No traumatic grief, or grieving in a healthy way.',
          'Grief that is hard but getting better.',
          'Grief that interferes with daily life.',
          'Overwhelming grief that stops the child from functioning.',
        ]),
      ],
      modules: [
        {
          code: 'SEPARATION_LOSS_MODULE',
          name: 'Separation and Loss',
          shortName: 'Separation and Loss',
          description: 'Opens inside the trauma module when Disruptions in Caregiving is rated 2 or 3: reactions to separations and moves.',
          triggeredOnly: true,
          items: [
            q(
              'SL_SEPARATION_DISTRESS',
              'SEPARATION DISTRESS',
              'Separation',
              'Distress when apart from important caregivers or when facing another move.',
              [
                'Handles separations as expected for age.',
                'Some worry around separations.',
                'Strong distress at separations that disrupts routines or visits.',
                'Extreme distress at separations, such as panic or running off to find a caregiver.',
              ],
            ),
            q(
              'SL_SIBLING_SEPARATION',
              'SEPARATION FROM SIBLINGS',
              'Siblings',
              'Distress about living apart from brothers and sisters.',
              [
                'Lives with siblings, or has regular contact that meets the child\u2019s needs.',
                'Less contact with siblings than the child wants.',
                'Little contact with siblings, which upsets the child.',
                'No contact with siblings, causing serious distress.',
              ],
              'Not applicable: the child has no siblings.',
            ),
            q(
              'SL_PLACEMENT_CHANGES',
              'REACTION TO PLACEMENT CHANGES',
              'Placement Changes',
              'How the child copes with moves between homes or placements.',
              [
                'Adjusts to moves with the usual support.',
                'Some difficulty settling after moves.',
                'Moves lead to behavioral or emotional problems.',
                'Moves lead to severe problems, such as running away or self-harm.',
              ],
              'Not applicable: the child has not changed homes or placements.',
            ),
          ],
        },
      ],
    },
  ],
};

const caregiverResources: DomainSpec = {
  code: 'CAREGIVER_RESOURCES_NEEDS',
  name: 'Caregiver Resources and Needs',
  shortName: 'Caregiver',
  description: 'Resources and needs of each caregiver, rated once per caregiver.',
  ratingMeaning: 'need',
  caregiverItem: true,
  items: [
    text('CG_INTRO', 'Rate each caregiver separately. This domain is only relevant for children with a plan to transition home.'),
    q('CG_SUPERVISION', 'SUPERVISION', 'Supervision', 'The caregiver\u2019s ability to watch over the child and set fitting limits.', [
      'Supervises and sets limits well.',
      'Usually supervises well but needs some help.',
      'Supervision is inconsistent and needs help to improve.',
      'Cannot supervise the child; the child is at risk.',
    ]),
    q(
      'CG_INVOLVEMENT',
      'INVOLVEMENT WITH CARE',
      'Involvement',
      'How involved the caregiver is in the child\u2019s services and planning.',
      [
        'Actively involved and speaks up for the child.',
        'Involved, but needs encouragement.',
        'Rarely involved in the child\u2019s services.',
        'Not involved, or works against the child\u2019s services.',
      ],
    ),
    q('CG_KNOWLEDGE', 'KNOWLEDGE', 'Knowledge', 'How well the caregiver understands the child\u2019s needs and strengths.', [
      'Understands the child\u2019s needs and how to meet them.',
      'Understands most needs but would benefit from more information.',
      'Limited understanding of the child\u2019s needs.',
      'Does not understand the child\u2019s needs, which puts the child at risk.',
    ]),
    q('CG_SOCIAL_RESOURCES', 'SOCIAL RESOURCES', 'Social Resources', 'Family, friends and community the caregiver can call on for help.', [
      'A strong network of people who help.',
      'Some help available.',
      'Little help available from others.',
      'No one to call on for help.',
    ]),
    q('CG_FINANCIAL_RESOURCES', 'FINANCIAL RESOURCES', 'Finances', 'Whether the household has enough money for basic needs.', [
      'Enough money for the household\u2019s needs.',
      'Some money problems, but basic needs are met.',
      'Money problems make it hard to meet basic needs.',
      'Cannot meet basic needs such as food or housing.',
    ]),
    q('CG_RESIDENTIAL_STABILITY', 'RESIDENTIAL STABILITY', 'Housing', 'Whether the caregiver has stable, safe housing.', [
      'Stable, safe housing.',
      'Housing is stable now, with recent moves or worries.',
      'At risk of losing housing.',
      'Homeless, or the housing is unsafe.',
    ]),
    q('CG_PHYSICAL_HEALTH', 'PHYSICAL HEALTH', 'Physical Health', 'Caregiver health problems that affect parenting.', [
      'No health problems that affect parenting.',
      'Health problems that affect parenting a little.',
      'Health problems that make parenting hard.',
      'Health problems that prevent parenting.',
    ]),
    q('CG_MENTAL_HEALTH', 'MENTAL HEALTH', 'Mental Health', 'Caregiver emotional or mental health problems that affect parenting.', [
      'No mental health problems that affect parenting.',
      'Mental health problems that affect parenting a little, or past problems.',
      'Mental health problems that make parenting hard.',
      'Mental health problems that prevent safe parenting.',
    ]),
    q('CG_SUBSTANCE_USE', 'SUBSTANCE USE', 'Substance Use', 'Caregiver alcohol or drug use that affects parenting.', [
      'No substance use that affects parenting.',
      'Past problems with use, or use that affects parenting a little.',
      'Use that makes parenting hard.',
      'Use that prevents safe parenting.',
    ]),
    q(
      'CG_FAMILY_STRESS',
      'FAMILY STRESS',
      'Family Stress',
      'How much stress the caregiver feels from caring for the child and running the household.',
      [
        'Manages the stress of parenting well.',
        'Some stress, but copes.',
        'Stress that makes it hard to care for the child.',
        'Overwhelmed by stress; cannot care for the child.',
      ],
    ),
    q('CG_SAFETY', 'SAFETY', 'Safety', 'Whether the caregiver\u2019s home is safe for the child.', [
      'The home is safe.',
      'Minor safety concerns that the caregiver is addressing.',
      'Safety concerns that need a safety plan.',
      'The child is in danger in the home.',
    ]),
  ],
  modules: [
    {
      code: 'CG_SUBSTANCE_USE_MODULE',
      name: 'Caregiver Substance Use Module',
      shortName: 'Caregiver SU',
      description: 'Opens for a caregiver whose Substance Use is rated 1, 2 or 3.',
      triggeredOnly: true,
      items: [
        q(
          'CG_SU_IMPACT_ON_PARENTING',
          'IMPACT ON PARENTING',
          'SU Impact',
          'How the caregiver\u2019s substance use affects day-to-day care of the child.',
          [
            'Use does not affect care of the child.',
            'Use sometimes affects routines, such as missed appointments.',
            'Use often leaves the child without proper care or supervision.',
            'Use leaves the child unsafe or without care.',
          ],
        ),
        q(
          'CG_SU_RECOVERY',
          'ENGAGEMENT IN RECOVERY',
          'SU Recovery',
          'Whether the caregiver is taking part in treatment or recovery support.',
          [
            'Fully engaged in recovery and keeping up the change.',
            'Engaged in treatment, with some setbacks.',
            'Aware of the problem but not engaged in treatment.',
            'Denies a problem and refuses treatment.',
          ],
        ),
      ],
    },
  ],
};

/** The seed library, version 1. */
export const seedInstrument: Instrument = {
  code: 'CANS_COMPREHENSIVE',
  name: 'CANS Comprehensive',
  version: '1',
  domains: [lifeFunctioning, childStrengths, acculturation, behavioralEmotional, riskBehaviors, trauma, caregiverResources].map((d, i) =>
    buildDomain(d, i + 1),
  ),
};

// ---------------------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------------------

const ANY_NEED: readonly Rating[] = ['1', '2', '3'];
const ACTIONABLE: readonly Rating[] = ['2', '3'];

const listOf = (answers: readonly Rating[]): string =>
  answers.length < 2 ? answers.join('') : `${answers.slice(0, -1).join(', ')} or ${answers[answers.length - 1]}`;

function showModule(
  code: string,
  name: string,
  domainCode: string,
  questionCode: string,
  answers: readonly Rating[],
  moduleCode: string,
): QuestionRule {
  return {
    code,
    name,
    description: `Opens ${name.replace(/^Open /, '')} when ${questionCode} is rated ${listOf(answers)}.`,
    trigger: { domainCode, questionCode },
    answers,
    action: 'show',
    target: { moduleCode },
  };
}

/** The seed question rules. */
export const seedRules: readonly QuestionRule[] = [
  showModule(
    'SHOW_DEVELOPMENTAL_NEEDS_MODULE',
    'Open the Developmental Needs Module',
    'LIFE_FUNCTIONING',
    'DEVELOPMENTAL_INTELLECTUAL',
    ANY_NEED,
    'DEVELOPMENTAL_NEEDS_MODULE',
  ),
  showModule(
    'SHOW_SUBSTANCE_USE_MODULE',
    'Open the Substance Use Module',
    'BEHAVIORAL_EMOTIONAL_NEEDS',
    'SUBSTANCE_USE',
    ANY_NEED,
    'SUBSTANCE_USE_MODULE',
  ),
  showModule(
    'SHOW_JUVENILE_JUSTICE_MODULE',
    'Open the Juvenile Justice Module',
    'RISK_BEHAVIORS',
    'DELINQUENT_BEHAVIOR',
    ANY_NEED,
    'JUVENILE_JUSTICE_MODULE',
  ),
  showModule('SHOW_FIRE_SETTING_MODULE', 'Open the Fire Setting Module', 'RISK_BEHAVIORS', 'FIRE_SETTING', ANY_NEED, 'FIRE_SETTING_MODULE'),
  showModule(
    'SHOW_SEXUALLY_REACTIVE_MODULE',
    'Open the Sexually Reactive Behavior Module',
    'RISK_BEHAVIORS',
    'SEXUALLY_REACTIVE_BEHAVIOR',
    ANY_NEED,
    'SEXUALLY_REACTIVE_MODULE',
  ),
  showModule(
    'SHOW_ADJUSTMENT_TO_TRAUMA_MODULE',
    'Open the Trauma Module',
    'TRAUMA',
    'ADJUSTMENT_TO_TRAUMA',
    ANY_NEED,
    'ADJUSTMENT_TO_TRAUMA_MODULE',
  ),
  showModule(
    'SHOW_SEPARATION_LOSS_MODULE',
    'Open Separation and Loss',
    'TRAUMA',
    'DISRUPTIONS_IN_CAREGIVING',
    ACTIONABLE,
    'SEPARATION_LOSS_MODULE',
  ),
  showModule(
    'SHOW_CG_SUBSTANCE_USE_MODULE',
    'Open the Caregiver Substance Use Module',
    'CAREGIVER_RESOURCES_NEEDS',
    'CG_SUBSTANCE_USE',
    ANY_NEED,
    'CG_SUBSTANCE_USE_MODULE',
  ),
  {
    code: 'HIDE_SCHOOL_BEHAVIOR_NOT_ENROLLED',
    name: 'Hide School Behavior when not enrolled',
    description: 'A child who is not enrolled in school (School Attendance N/A) is not rated on School Behavior.',
    trigger: { domainCode: 'LIFE_FUNCTIONING', moduleCode: 'SCHOOL_MODULE', questionCode: 'SCHOOL_ATTENDANCE' },
    answers: ['NA'],
    action: 'hide',
    target: { moduleCode: 'SCHOOL_MODULE', questionCode: 'SCHOOL_BEHAVIOR' },
  },
  {
    code: 'HIDE_SCHOOL_ACHIEVEMENT_NOT_ENROLLED',
    name: 'Hide School Achievement when not enrolled',
    description: 'A child who is not enrolled in school (School Attendance N/A) is not rated on School Achievement.',
    trigger: { domainCode: 'LIFE_FUNCTIONING', moduleCode: 'SCHOOL_MODULE', questionCode: 'SCHOOL_ATTENDANCE' },
    answers: ['NA'],
    action: 'hide',
    target: { moduleCode: 'SCHOOL_MODULE', questionCode: 'SCHOOL_ACHIEVEMENT' },
  },
];
